// Feed entries into insight_items, each story once across feeds (research wave2.md §4.1 "Tapnet" dedupe),
// and the feeds' fetch state. The SQL of the feed side of insights lives here.
import { type Insertable, type Kysely, sql } from 'kysely';
import type { InsightKind } from '../../../../contract/insights';
import type { Database, InsightItemsTable } from '../../../platform/db/schema';
import { DAY_MS } from '../../../platform/time';
import type { FeedEntry } from './entries';
import type { Validators } from './fetch-feed';
import { itemId, titleKey, urlKey } from './text';

/** The same title within this many days of another is the same story, whichever URL each feed gives. */
export const DEDUPE_WINDOW_DAYS = 14;
/** News older than this is no longer offered. */
export const NEWS_RETENTION_DAYS = 30;
const INSERT_BATCH = 200;
/** The advisory lock that makes stores take turns (any constant no other module uses). */
const STORE_LOCK = 15_013;

export interface FeedSource {
  url: string;
  kind: InsightKind;
  /** Given to every item of the feed (an industry or technology option, say). */
  category?: string;
  /** Given to the feed's items that name no place. */
  location?: string;
}

function keysOf(kind: InsightKind, entry: FeedEntry) {
  const title = titleKey(entry.title);
  if (kind === 'events') {
    // One occurrence of one event: the same title at the same start from two calendars is one event.
    return { title, dedupe: `${title}@${entry.startsAt.toISOString()}` };
  }
  return { title, dedupe: urlKey(entry.url) || `title:${title}` };
}

/**
 * Stores a feed's entries: a story already held from another feed (same normalised URL, or same title
 * within the window) is skipped; a story of this feed is updated. Answers how many were new or updated.
 */
export async function storeEntries(
  db: Kysely<Database>,
  source: FeedSource & { title: string },
  entries: readonly FeedEntry[],
  now: Date,
): Promise<number> {
  // Feeds are fetched side by side (and by several processes): one store at a time, or two feeds could
  // each miss the other's copy of a story in the title check.
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${STORE_LOCK})`.execute(trx);
    return storeLocked(trx, source, entries, now);
  });
}

async function storeLocked(
  db: Kysely<Database>,
  source: FeedSource & { title: string },
  entries: readonly FeedEntry[],
  now: Date,
): Promise<number> {
  const rows = new Map<string, Insertable<InsightItemsTable> & { starts_at: Date }>();
  for (const entry of entries) {
    const keys = keysOf(source.kind, entry);
    if (
      !keys.title ||
      [...rows.values()].some((row) => row.title_key === keys.title && source.kind === 'news')
    )
      continue;
    const categories = [...new Set([...(source.category ? [source.category] : []), ...entry.categories])];
    const location = entry.location || source.location || '';
    rows.set(keys.dedupe, {
      id: itemId(source.kind, keys.dedupe),
      kind: source.kind,
      dedupe_key: keys.dedupe,
      title_key: keys.title,
      feed_url: source.url,
      source: source.title,
      url: entry.url,
      title: entry.title,
      body: entry.body,
      categories: JSON.stringify(categories),
      location,
      starts_at: entry.startsAt,
      ends_at: entry.endsAt,
      is_all_day: entry.isAllDay,
      match_text: [entry.title, categories.join(' '), location, entry.body.slice(0, 600)]
        .join('\n')
        .toLowerCase(),
      fetched_at: now,
    });
  }
  if (source.kind === 'news' && rows.size > 0) {
    const since = new Date(now.getTime() - 2 * DEDUPE_WINDOW_DAYS * DAY_MS);
    const held = await db
      .selectFrom('insight_items')
      .select(['title_key', 'dedupe_key', 'feed_url', 'starts_at'])
      .where('kind', '=', 'news')
      .where('starts_at', '>', since)
      .where(
        'title_key',
        'in',
        [...rows.values()].map((row) => row.title_key),
      )
      .execute();
    for (const [key, row] of rows) {
      const isHeldElsewhere = held.some(
        (other) =>
          other.title_key === row.title_key &&
          other.dedupe_key !== key &&
          Math.abs(new Date(other.starts_at).getTime() - row.starts_at.getTime()) <=
            DEDUPE_WINDOW_DAYS * DAY_MS,
      );
      if (isHeldElsewhere) rows.delete(key);
    }
  }
  const values = [...rows.values()];
  let stored = 0;
  for (let start = 0; start < values.length; start += INSERT_BATCH) {
    const result = await db
      .insertInto('insight_items')
      .values(values.slice(start, start + INSERT_BATCH))
      .onConflict((conflict) =>
        conflict
          .columns(['kind', 'dedupe_key'])
          .doUpdateSet((update) => ({
            url: update.ref('excluded.url'),
            title: update.ref('excluded.title'),
            body: update.ref('excluded.body'),
            categories: update.ref('excluded.categories'),
            location: update.ref('excluded.location'),
            starts_at: update.ref('excluded.starts_at'),
            ends_at: update.ref('excluded.ends_at'),
            is_all_day: update.ref('excluded.is_all_day'),
            match_text: update.ref('excluded.match_text'),
            source: update.ref('excluded.source'),
            fetched_at: update.ref('excluded.fetched_at'),
          }))
          // A story first stored from another feed stays that feed's.
          .where('insight_items.feed_url', '=', source.url),
      )
      .executeTakeFirst();
    stored += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  if (source.kind === 'events') {
    // Occurrences the calendar no longer lists (cancelled, moved) go, past ones are pruned anyway.
    const kept = values.map((row) => row.id);
    let removal = db
      .deleteFrom('insight_items')
      .where('kind', '=', 'events')
      .where('feed_url', '=', source.url)
      .where('starts_at', '>=', now);
    if (kept.length > 0) removal = removal.where('id', 'not in', kept);
    await removal.execute();
  }
  return stored;
}

/** Past events and old news are not offered any more. */
export async function pruneItems(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('insight_items')
    .where((where) =>
      where.or([
        where.and([
          where('kind', '=', 'news'),
          where('starts_at', '<', new Date(now.getTime() - NEWS_RETENTION_DAYS * DAY_MS)),
        ]),
        where.and([where('kind', '=', 'events'), where(sql<Date>`coalesce(ends_at, starts_at)`, '<', now)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface FeedState extends Validators {
  failureCount: number;
  nextFetchAt: Date;
}

/** The feed's row, created on first sight. */
export async function feedState(db: Kysely<Database>, source: FeedSource): Promise<FeedState> {
  await db
    .insertInto('insight_feeds')
    .values({ url: source.url, kind: source.kind, next_fetch_at: new Date(0) })
    .onConflict((conflict) => conflict.column('url').doNothing())
    .execute();
  const row = await db
    .selectFrom('insight_feeds')
    .select(['etag', 'last_modified', 'failure_count', 'next_fetch_at'])
    .where('url', '=', source.url)
    .executeTakeFirstOrThrow();
  return {
    etag: row.etag,
    lastModified: row.last_modified,
    failureCount: row.failure_count,
    nextFetchAt: row.next_fetch_at,
  };
}

export async function recordFeedSuccess(
  db: Kysely<Database>,
  url: string,
  update: { title?: string; validators?: Validators; now: Date; nextFetchAt: Date },
): Promise<void> {
  await db
    .updateTable('insight_feeds')
    .set({
      ...(update.title ? { title: update.title } : {}),
      ...(update.validators
        ? { etag: update.validators.etag, last_modified: update.validators.lastModified }
        : {}),
      last_fetched_at: update.now,
      last_success_at: update.now,
      failure_count: 0,
      last_error: null,
      next_fetch_at: update.nextFetchAt,
    })
    .where('url', '=', url)
    .execute();
}

export async function recordFeedFailure(
  db: Kysely<Database>,
  url: string,
  failure: { reason: string; now: Date; nextFetchAt: Date },
): Promise<void> {
  await db
    .updateTable('insight_feeds')
    .set((update) => ({
      last_fetched_at: failure.now,
      failure_count: sql<number>`${update.ref('failure_count')} + 1`,
      last_error: failure.reason.slice(0, 500),
      next_fetch_at: failure.nextFetchAt,
    }))
    .where('url', '=', url)
    .execute();
}

/** What the store holds, for cache/stats. */
export async function storeFigures(db: Kysely<Database>) {
  const [items, feeds] = await Promise.all([
    db
      .selectFrom('insight_items')
      .select(['kind', sql<string>`count(*)`.as('count')])
      .groupBy('kind')
      .execute(),
    db
      .selectFrom('insight_feeds')
      .select([sql<string>`count(*)`.as('count'), sql<Date | null>`max(last_success_at)`.as('last')])
      .executeTakeFirstOrThrow(),
  ]);
  const countOf = (kind: InsightKind) => Number(items.find((row) => row.kind === kind)?.count ?? 0);
  return {
    newsItems: countOf('news'),
    events: countOf('events'),
    feeds: Number(feeds.count),
    lastFetchedAt: feeds.last ? new Date(feeds.last).toISOString() : null,
  };
}

/** Drops every item a feed gave (the sample set once real feeds are configured). */
export async function removeFeedItems(db: Kysely<Database>, feedUrls: readonly string[]): Promise<void> {
  await db.deleteFrom('insight_items').where('feed_url', 'in', feedUrls).execute();
}
