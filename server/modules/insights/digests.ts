// A member's events and news digests: chosen by ranking, summarised (LLM when configured, extractive
// otherwise or on any failure), cached per member and preference set, with the daily forced refresh.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  DAILY_FORCED_REFRESH_LIMIT,
  type DigestPoint,
  type EventsSummary,
  EventsSummarySchema,
  type InsightEvent,
  type InsightKind,
  type InsightPreferences,
  type NewsItem,
  type NewsSummary,
  NewsSummarySchema,
  type ProducedBy,
  type RefreshAllowance,
  refreshLimitMessage,
} from '../../../contract/insights';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { DAY_MS, todayIn } from '../../platform/time';
import {
  countForcedRefresh,
  findDigest,
  itemsById,
  listCandidates,
  refreshesUsed,
  saveDigest,
} from './queries';
import { eventTypeOf, industryOf, type Ranked, rankItems, topicOf } from './ranking';
import { clip, keySentence, summariseItem } from './summaries/extractive';
import type { LlmSettings } from './summaries/llm-client';
import { summariseEventsWithLlm, summariseNewsWithLlm } from './summaries/llm-summaries';

/** Items in a digest: the events and news screens show them all, the dashboard the first two. */
export const DIGEST_SIZE = 12;
const DIGEST_POINTS = 3;
const DESCRIPTION_CHARS = 600;
/** Spec §9: events and news live 24 hours (news also only on the same calendar day). */
const DIGEST_LIFETIME_MS = DAY_MS;

export interface InsightsDeps {
  db: Kysely<Database>;
  llm: LlmSettings | undefined;
  log: FastifyBaseLogger;
}

export interface DigestRequest {
  userId: string;
  preferences: InsightPreferences;
  timezone: string;
  now: Date;
}

/** The same preferences in any order give the same key. */
export function preferenceKey(preferences: InsightPreferences): string {
  const sorted = JSON.stringify(preferences, (_key, value: unknown) =>
    Array.isArray(value) ? [...value].sort() : value,
  );
  return createHash('sha256').update(sorted).digest('base64url').slice(0, 32);
}

export async function refreshAllowance(
  db: Kysely<Database>,
  userId: string,
  kind: InsightKind,
  day: string,
): Promise<RefreshAllowance> {
  const used = await refreshesUsed(db, { userId, kind, day });
  return {
    limit: DAILY_FORCED_REFRESH_LIMIT,
    used,
    remaining: Math.max(0, DAILY_FORCED_REFRESH_LIMIT - used),
  };
}

const StoredEvents = EventsSummarySchema.omit({ fromCache: true, refresh: true });
const StoredNews = NewsSummarySchema.omit({ fromCache: true, refresh: true });
type StoredEventsDigest = Omit<EventsSummary, 'fromCache' | 'refresh'>;
type StoredNewsDigest = Omit<NewsSummary, 'fromCache' | 'refresh'>;

async function chosenItems(deps: InsightsDeps, kind: InsightKind, request: DigestRequest) {
  const ranked = rankItems(
    await listCandidates(deps.db, kind, request.now),
    request.preferences,
    kind,
    request.now,
    DIGEST_SIZE,
  );
  const rows = new Map(
    (
      await itemsById(
        deps.db,
        ranked.map((item) => item.id),
      )
    ).map((row) => [row.id, row]),
  );
  return ranked.flatMap((item) => {
    const row = rows.get(item.id);
    return row ? [{ ranked: item, row }] : [];
  });
}
type Chosen = Awaited<ReturnType<typeof chosenItems>>[number];

/** Runs the LLM path when one is configured; any failure is logged and answered with null. */
async function tryLlm<T>(
  deps: InsightsDeps,
  what: string,
  ask: (settings: LlmSettings) => Promise<T>,
): Promise<T | null> {
  if (!deps.llm) return null;
  try {
    return await ask(deps.llm);
  } catch (error) {
    deps.log.warn({ err: error }, `LLM ${what} failed; the extractive summary is used`);
    return null;
  }
}

function categoryOf(ranked: Ranked, source: string): string {
  return ranked.topic ?? topicOf(ranked.categories) ?? ranked.categories[0] ?? source;
}

async function generateNews(deps: InsightsDeps, request: DigestRequest): Promise<StoredNewsDigest> {
  const chosen = await chosenItems(deps, 'news', request);
  const generatedAt = request.now.toISOString();
  const texts = chosen.map(({ row }) => ({ title: row.title, text: row.body }));
  const llm =
    chosen.length > 0
      ? await tryLlm(deps, 'news digest', (settings) => summariseNewsWithLlm(settings, texts))
      : null;
  const llmSummaries = new Map(llm?.items.map((item) => [item.index, item.summary]));
  const news: NewsItem[] = chosen.map(({ ranked, row }, index) => ({
    id: row.id,
    title: row.title,
    category: categoryOf(ranked, row.source),
    summary: llmSummaries.get(index) ?? summariseItem(row.title, row.body),
    location: ranked.location,
    generatedAt,
    publishedAt: ranked.startsAt.toISOString(),
    url: row.url,
    source: row.source,
    reasons: ranked.reasons,
  }));
  const digest: DigestPoint[] = llm
    ? llm.digest.map((point) => ({
        text: point.text,
        itemIds: point.sources.map((index) => news[index]?.id ?? ''),
      }))
    : chosen
        .slice(0, DIGEST_POINTS)
        .map(({ row }) => ({ text: keySentence(row.title, row.body), itemIds: [row.id] }));
  return { news, digest, producedBy: llm ? 'llm' : 'extractive', generatedAt, timezone: request.timezone };
}

function eventOf({ ranked, row }: Chosen): InsightEvent {
  const type = eventTypeOf(row.title, ranked.categories);
  const startDate = ranked.startsAt.toISOString();
  return {
    id: row.id,
    title: row.title,
    description: clip(row.body, DESCRIPTION_CHARS),
    date: startDate,
    startDate,
    endDate: ranked.endsAt?.toISOString() ?? null,
    isAllDay: row.is_all_day,
    location: ranked.location,
    industry: industryOf(ranked.categories),
    category: ranked.topic ?? (type || ranked.categories[0] || ''),
    categories: ranked.categories,
    type,
    url: row.url,
    source: row.source,
    reasons: ranked.reasons,
  };
}

/** The built-in overview: how many events, and the next one's name, day and place. */
function eventsOverview(events: readonly InsightEvent[], timezone: string, now: Date): string {
  // The list is in date order and may begin with one already under way: "Next" is the first to begin.
  const first = events.find((event) => Date.parse(event.startDate) >= now.getTime()) ?? events[0];
  if (!first) return 'No upcoming events match your preferences yet.';
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(first.startDate));
  const count = events.length === 1 ? '1 upcoming event' : `${events.length} upcoming events`;
  return `${count} chosen for you. Next: ${first.title} on ${day}${first.location ? ` in ${first.location}` : ''}.`;
}

async function generateEvents(deps: InsightsDeps, request: DigestRequest): Promise<StoredEventsDigest> {
  // The ranking chooses which events; the member reads them as a calendar, soonest first.
  const chosen = (await chosenItems(deps, 'events', request)).sort(
    (a, b) => a.ranked.startsAt.getTime() - b.ranked.startsAt.getTime(),
  );
  const events = chosen.map(eventOf);
  const texts = chosen.map(({ row, ranked }) => ({
    title: row.title,
    text: `${ranked.startsAt.toISOString()} ${ranked.location}\n${row.body}`,
  }));
  const llm =
    events.length > 0
      ? await tryLlm(deps, 'events overview', (settings) => summariseEventsWithLlm(settings, texts))
      : null;
  return {
    events,
    summary: llm?.summary ?? eventsOverview(events, request.timezone, request.now),
    producedBy: llm ? 'llm' : 'extractive',
    generatedAt: request.now.toISOString(),
  };
}

/** The member's cached digest of `kind` for these preferences, if still valid (news: same day too). */
export async function cachedDigest<K extends InsightKind>(
  deps: InsightsDeps,
  kind: K,
  request: DigestRequest,
): Promise<(K extends 'events' ? StoredEventsDigest : StoredNewsDigest) | null> {
  const row = await findDigest(
    deps.db,
    { userId: request.userId, kind, preferenceKey: preferenceKey(request.preferences) },
    request.now,
  );
  if (!row) return null;
  if (kind === 'news' && row.day !== todayIn(request.timezone, request.now)) return null;
  const parsed = (kind === 'events' ? StoredEvents : StoredNews).safeParse(row.digest);
  return parsed.success ? (parsed.data as K extends 'events' ? StoredEventsDigest : StoredNewsDigest) : null;
}

/** Generates and caches a fresh digest of `kind`. */
export async function freshDigest(deps: InsightsDeps, kind: InsightKind, request: DigestRequest) {
  const digest = kind === 'events' ? await generateEvents(deps, request) : await generateNews(deps, request);
  await saveDigest(deps.db, {
    userId: request.userId,
    kind,
    preferenceKey: preferenceKey(request.preferences),
    day: todayIn(request.timezone, request.now),
    digest,
    producedBy: digest.producedBy as ProducedBy,
    generatedAt: request.now,
    expiresAt: new Date(request.now.getTime() + DIGEST_LIFETIME_MS),
  });
  return digest;
}

/**
 * What events-summary and news-summary answer: the cached digest, or a fresh one. A forced refresh
 * is counted first and refused over the daily limit, changing nothing.
 */
export async function digestFor<K extends InsightKind>(
  deps: InsightsDeps,
  kind: K,
  request: DigestRequest & { force: boolean },
): Promise<K extends 'events' ? EventsSummary : NewsSummary> {
  const day = todayIn(request.timezone, request.now);
  if (request.force && (await countForcedRefresh(deps.db, { userId: request.userId, kind, day })) === null) {
    throw new HttpError('INSIGHTS_REFRESH_LIMIT', refreshLimitMessage(kind));
  }
  const cached = request.force ? null : await cachedDigest(deps, kind, request);
  const digest = cached ?? (await freshDigest(deps, kind, request));
  const refresh = await refreshAllowance(deps.db, request.userId, kind, day);
  return { ...digest, fromCache: cached !== null, refresh } as K extends 'events'
    ? EventsSummary
    : NewsSummary;
}
