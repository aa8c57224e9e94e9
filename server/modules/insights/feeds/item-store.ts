// Feed entries into insight_items, each story once across feeds (research wave2.md §4.1 "Tapnet" dedupe),
// and the feeds' fetch state. The SQL of the feed side of insights lives here.
import { setImmediate } from 'node:timers/promises';
import { type Insertable, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
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
/**
 * Rows stored (or deleted) per statement. On PGlite the database runs in the server's own thread, and one
 * statement holds every request until it ends: a batch must stay well under a request's budget (about
 * 100 ms) even on a loaded machine (docs/budgets.md "Hostile feeds").
 */
const STORE_BATCH = 50;
const ROWS_BETWEEN_YIELDS = 250;
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
 *
 * In batches of STORE_BATCH rows, each its own short transaction, with a turn of the event loop between
 * them: PGlite's statements resolve without the event loop ever polling, so one transaction over a
 * whole calendar held the server 4–15 s, and every request waited for its one connection. A refresh
 * cut short between batches keeps what it stored; the next one stores the rest.
 */
export async function storeEntries(
  db: Kysely<Database>,
  source: FeedSource & { title: string },
  entries: readonly FeedEntry[],
  now: Date,
): Promise<number> {
  const rows = await rowsOf(source, entries, now);
  let stored = 0;
  for (let start = 0; start < rows.length; start += STORE_BATCH) {
    stored += await storeBatch(db, source, rows.slice(start, start + STORE_BATCH), now);
    await setImmediate();
  }
  if (source.kind === 'events') await removeUnlisted(db, source.url, rows, now);
  return stored;
}

type ItemRow = Insertable<InsightItemsTable> & { starts_at: Date; title_key: string };

/** The feed's rows, one per story (news: one per title). */
async function rowsOf(source: FeedSource & { title: string }, entries: readonly FeedEntry[], now: Date) {
  const rows = new Map<string, ItemRow>();
  // Linear in the entries: a calendar can give thousands of occurrences (security-review-2 §2.2), and
  // building their rows takes a few hundred milliseconds, so the loop lets other requests in between.
  const newsTitles = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    if (index % ROWS_BETWEEN_YIELDS === ROWS_BETWEEN_YIELDS - 1) await setImmediate();
    const keys = keysOf(source.kind, entry);
    if (!keys.title || newsTitles.has(keys.title)) continue;
    if (source.kind === 'news') newsTitles.add(keys.title);
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
  return [...rows.values()];
}

async function storeBatch(
  db: Kysely<Database>,
  source: FeedSource,
  batch: readonly ItemRow[],
  now: Date,
): Promise<number> {
  // Feeds are stored side by side (and by several processes): each batch's title check and insert take
  // turns with every other store's, or two feeds could each miss the other's copy of a story.
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${STORE_LOCK})`.execute(trx);
    const fresh = source.kind === 'news' ? await withoutStoriesHeldElsewhere(trx, batch, now) : batch;
    if (fresh.length === 0) return 0;
    const result = await trx
      .insertInto('insight_items')
      .values([...fresh])
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
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  });
}

/** The news rows whose title another story holds within the window (another URL, or another feed's). */
async function withoutStoriesHeldElsewhere(
  db: Kysely<Database>,
  batch: readonly ItemRow[],
  now: Date,
): Promise<readonly ItemRow[]> {
  const since = new Date(now.getTime() - 2 * DEDUPE_WINDOW_DAYS * DAY_MS);
  const held = await db
    .selectFrom('insight_items')
    .select(['title_key', 'dedupe_key', 'starts_at'])
    .where('kind', '=', 'news')
    .where('starts_at', '>', since)
    .where(
      'title_key',
      'in',
      batch.map((row) => row.title_key),
    )
    .execute();
  const heldByTitle = Map.groupBy(held, (other) => other.title_key);
  return batch.filter(
    (row) =>
      !(heldByTitle.get(row.title_key) ?? []).some(
        (other) =>
          other.dedupe_key !== row.dedupe_key &&
          Math.abs(new Date(other.starts_at).getTime() - row.starts_at.getTime()) <=
            DEDUPE_WINDOW_DAYS * DAY_MS,
      ),
  );
}

/**
 * Occurrences the calendar no longer lists (cancelled, moved) go; past ones are pruned anyway. Compared
 * here rather than by `id NOT IN (…every listed id…)`, one statement that took 200–300 ms on PGlite.
 */
async function removeUnlisted(
  db: Kysely<Database>,
  feedUrl: string,
  listed: readonly ItemRow[],
  now: Date,
): Promise<void> {
  const kept = new Set(listed.map((row) => row.id));
  const held = await db
    .selectFrom('insight_items')
    .select('id')
    .where('kind', '=', 'events')
    .where('feed_url', '=', feedUrl)
    .where('starts_at', '>=', now)
    .execute();
  const unlisted = held.map((row) => row.id).filter((id) => !kept.has(id));
  for (let start = 0; start < unlisted.length; start += STORE_BATCH) {
    await db
      .deleteFrom('insight_items')
      .where('id', 'in', unlisted.slice(start, start + STORE_BATCH))
      .execute();
    await setImmediate();
  }
}

/** Deletes the rows `selected` names, STORE_BATCH at a time with a turn of the event loop between. */
async function deleteInBatches(
  db: Kysely<Database>,
  selected: SelectQueryBuilder<Database, 'insight_items', { id: string }>,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db
      .deleteFrom('insight_items')
      .where('id', 'in', selected.limit(STORE_BATCH))
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    deleted += count;
    if (count < STORE_BATCH) return deleted;
    await setImmediate();
  }
}

/** Past events and old news are not offered any more. */
export async function pruneItems(db: Kysely<Database>, now: Date): Promise<number> {
  return deleteInBatches(
    db,
    db
      .selectFrom('insight_items')
      .select('id')
      .where((where) =>
        where.or([
          where.and([
            where('kind', '=', 'news'),
            where('starts_at', '<', new Date(now.getTime() - NEWS_RETENTION_DAYS * DAY_MS)),
          ]),
          where.and([where('kind', '=', 'events'), where(sql<Date>`coalesce(ends_at, starts_at)`, '<', now)]),
        ]),
      ),
  );
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
