// Fetches every feed that is due, on the server's schedule: back-off after errors and 429s, conditional
// GET, and the shipped sample set when no feed is configured.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
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
import { readFeedOffThread } from './read-feed-off-thread';
import { SAMPLE_EVENTS_SOURCE, SAMPLE_NEWS_SOURCE, sampleEvents, sampleNews } from './sample-feeds';

/** The first wait after a failure; it doubles with each further failure, up to a day. */
const FIRST_BACKOFF_MS = 5 * 60 * 1000;
const MAX_BACKOFF_MS = DAY_MS;
const PARALLEL_FETCHES = 4;
/** A feed over its limits is fetched no more often than this: reading it is the costly part. */
const OVER_LIMITS_INTERVAL_MS = 6 * 60 * 60 * 1000;

export interface FeedRun {
  /** Per feed URL: how many items were stored, 'not_modified', 'not_due', or the reason it failed. */
  feeds: Record<string, number | 'not_modified' | 'not_due' | { failed: string }>;
  /** Per feed URL that held more than its limits let through: what was cut. */
  cut: Record<string, string>;
  pruned: number;
}

interface FeedContext {
  db: Kysely<Database>;
  config: Config['insights'];
  /** The operator's log, told of feeds cut or given up; absent in tests that read the run's report. */
  log?: FastifyBaseLogger;
  /** Aborted when the server shuts down: the feed being read is dropped, the rest wait for next time. */
  signal?: AbortSignal;
}

export function backoffMs(failureCount: number, retryAfterMs: number | undefined): number {
  const doubled = Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, failureCount - 1), MAX_BACKOFF_MS);
  return Math.max(doubled, Math.min(retryAfterMs ?? 0, MAX_BACKOFF_MS));
}

async function refreshOne(
  ctx: FeedContext,
  source: FeedSource,
  now: Date,
  cut: FeedRun['cut'],
): Promise<FeedRun['feeds'][string]> {
  const state = await feedState(ctx.db, source);
  if (state.nextFetchAt > now) return 'not_due';
  const outcome = await fetchFeed(source.url, state, ctx.config.fetchLimits, ctx.config.outboundAllowHosts);
  let nextFetchAt = new Date(now.getTime() + ctx.config.refreshIntervalMs);
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
  const read = await readFeedOffThread(source.kind, outcome.text, now, ctx.config.feedLimits, ctx.signal);
  if (read.status === 'failed') {
    ctx.log?.warn({ feed: source.url, reason: read.reason }, 'a feed could not be read; it is retried later');
    return fail(read.reason);
  }
  const { feed } = read;
  if (feed.cut) {
    cut[source.url] = feed.cut;
    nextFetchAt = new Date(now.getTime() + Math.max(ctx.config.refreshIntervalMs, OVER_LIMITS_INTERVAL_MS));
    ctx.log?.warn(
      { feed: source.url, cut: feed.cut, nextFetchAt },
      'a feed is over its limits: stored what fits, and it is fetched less often',
    );
  }
  const title = feed.title || new URL(source.url).hostname;
  const stored = await storeEntries(ctx.db, { ...source, title }, feed.entries, now);
  await recordFeedSuccess(ctx.db, source.url, { title, validators: outcome.validators, now, nextFetchAt });
  return stored;
}

/**
 * For the start-up summary: which feeds members' insights come from. A fresh install serves the sample
 * set; its operator should know before members ask about it.
 */
export function feedFacts(config: FeedContext['config']): Record<string, string> {
  const sources = configuredFeeds(config);
  if (sources.length === 0) {
    return {
      feeds:
        'the sample news and events, whose links go to example.org and lead nowhere (set NEWS_FEEDS, EVENT_FEEDS or FEEDS_FILE)',
    };
  }
  const count = (kind: FeedSource['kind']) => sources.filter((source) => source.kind === kind).length;
  return { feeds: `${count('news')} news and ${count('events')} event feeds` };
}

/** One pass over the configured feeds (or the sample set), then old items pruned. */
export async function refreshFeeds(ctx: FeedContext, now = new Date()): Promise<FeedRun> {
  const sources = configuredFeeds(ctx.config);
  const feeds: FeedRun['feeds'] = {};
  const cut: FeedRun['cut'] = {};
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
        if (ctx.signal?.aborted) return;
        feeds[source.url] = await refreshOne(ctx, source, now, cut);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
  }
  return { feeds, cut, pruned: await pruneItems(ctx.db, now) };
}

/**
 * Runs `refreshFeeds` once the server listens and then every FEED_REFRESH_MINUTES (0: never, tests fetch
 * on demand). One pass at a time: a slow feed never stacks passes up.
 */
export function scheduleFeedRefresh(app: FastifyInstance): void {
  const { refreshIntervalMs } = app.ctx.config.insights;
  if (refreshIntervalMs === 0) return;
  let running: Promise<void> | undefined;
  const closing = new AbortController();
  const run = () => {
    // The pass's time and the process's CPU meanwhile (every thread: the feed reader's too, and
    // whatever else the process served): what a pass costs the machine.
    const startedAt = performance.now();
    const cpuBefore = process.cpuUsage();
    running ??= refreshFeeds({
      db: app.ctx.db,
      config: app.ctx.config.insights,
      log: app.log,
      signal: closing.signal,
    })
      .then((report) => {
        const cpu = process.cpuUsage(cpuBefore);
        const tookMs = Math.round(performance.now() - startedAt);
        const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
        app.log.info({ feeds: report, tookMs, cpuMs }, 'feeds refreshed');
      })
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
    closing.abort();
    await running;
  });
}
