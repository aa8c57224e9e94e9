// Fetches every feed that is due, on the server's schedule: back-off after errors and 429s, conditional
// GET, and the shipped sample set when no feed is configured.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../../platform/config';
import type { Database } from '../../../platform/db/schema';
import { DAY_MS } from '../../../platform/time';
import { configuredFeeds } from './feed-list';
import { fetchFeed } from './fetch-feed';
import {
  type FeedSource,
  feedState,
  pruneItems,
  recordFeedFailure,
  recordFeedSuccess,
  removeFeedItems,
  storeEntries,
} from './item-store';
import { parseEventFeed } from './parse-events';
import { parseNewsFeed } from './parse-news';
import { SAMPLE_EVENTS_SOURCE, SAMPLE_NEWS_SOURCE, sampleEvents, sampleNews } from './sample-feeds';

/** The first wait after a failure; it doubles with each further failure, up to a day. */
const FIRST_BACKOFF_MS = 5 * 60 * 1000;
const MAX_BACKOFF_MS = DAY_MS;
const PARALLEL_FETCHES = 4;

export interface FeedRun {
  /** Per feed URL: how many items were stored, 'not_modified', 'not_due', or the reason it failed. */
  feeds: Record<string, number | 'not_modified' | 'not_due' | { failed: string }>;
  pruned: number;
}

interface FeedContext {
  db: Kysely<Database>;
  config: Config['insights'];
}

export function backoffMs(failureCount: number, retryAfterMs: number | undefined): number {
  const doubled = Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, failureCount - 1), MAX_BACKOFF_MS);
  return Math.max(doubled, Math.min(retryAfterMs ?? 0, MAX_BACKOFF_MS));
}

async function refreshOne(
  ctx: FeedContext,
  source: FeedSource,
  now: Date,
): Promise<FeedRun['feeds'][string]> {
  const state = await feedState(ctx.db, source);
  if (state.nextFetchAt > now) return 'not_due';
  const outcome = await fetchFeed(source.url, state, ctx.config.fetchLimits);
  const nextFetchAt = new Date(now.getTime() + ctx.config.refreshIntervalMs);
  const fail = async (reason: string, retryAfterMs?: number) => {
    const wait = backoffMs(state.failureCount + 1, retryAfterMs);
    await recordFeedFailure(ctx.db, source.url, { reason, now, nextFetchAt: new Date(now.getTime() + wait) });
    return { failed: reason };
  };
  if (outcome.status === 'failed') return fail(outcome.reason, outcome.retryAfterMs);
  if (outcome.status === 'not_modified') {
    await recordFeedSuccess(ctx.db, source.url, { now, nextFetchAt });
    return 'not_modified';
  }
  let parsed: ReturnType<typeof parseNewsFeed>;
  try {
    parsed = source.kind === 'news' ? parseNewsFeed(outcome.text, now) : parseEventFeed(outcome.text, now);
  } catch (error) {
    return fail(`Not a ${source.kind === 'news' ? 'news feed' : 'calendar'}: ${(error as Error).message}`);
  }
  const title = parsed.title || new URL(source.url).hostname;
  const stored = await storeEntries(ctx.db, { ...source, title }, parsed.entries, now);
  await recordFeedSuccess(ctx.db, source.url, { title, validators: outcome.validators, now, nextFetchAt });
  return stored;
}

/** One pass over the configured feeds (or the sample set), then old items pruned. */
export async function refreshFeeds(ctx: FeedContext, now = new Date()): Promise<FeedRun> {
  const sources = configuredFeeds(ctx.config);
  const feeds: FeedRun['feeds'] = {};
  if (sources.length === 0) {
    feeds[SAMPLE_NEWS_SOURCE.url] = await storeEntries(ctx.db, SAMPLE_NEWS_SOURCE, sampleNews(now), now);
    feeds[SAMPLE_EVENTS_SOURCE.url] = await storeEntries(
      ctx.db,
      SAMPLE_EVENTS_SOURCE,
      sampleEvents(now),
      now,
    );
  } else {
    await removeFeedItems(ctx.db, [SAMPLE_NEWS_SOURCE.url, SAMPLE_EVENTS_SOURCE.url]);
    const queue = [...sources];
    const worker = async () => {
      for (let source = queue.shift(); source; source = queue.shift()) {
        feeds[source.url] = await refreshOne(ctx, source, now);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
  }
  return { feeds, pruned: await pruneItems(ctx.db, now) };
}

/**
 * Runs `refreshFeeds` once the server listens and then every FEED_REFRESH_MINUTES (0: never, tests fetch
 * on demand). One pass at a time: a slow feed never stacks passes up.
 */
export function scheduleFeedRefresh(app: FastifyInstance): void {
  const { refreshIntervalMs } = app.ctx.config.insights;
  if (refreshIntervalMs === 0) return;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= refreshFeeds({ db: app.ctx.db, config: app.ctx.config.insights })
      .then((report) => app.log.debug({ feeds: report }, 'feeds refreshed'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'feed refresh failed; it runs again later'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => run());
  const timer = setInterval(run, refreshIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
