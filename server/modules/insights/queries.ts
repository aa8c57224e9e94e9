// SQL of the member side of insights: preferences, candidate items, cached digests, refresh counts, clicks.
import { type Kysely, sql } from 'kysely';
import {
  DAILY_FORCED_REFRESH_LIMIT,
  type InsightKind,
  type InsightPreferences,
} from '../../../contract/insights';
import type { Database } from '../../platform/db/schema';
import { DAY_MS } from '../../platform/time';
import type { Candidate } from './ranking';

/** News older than this is not offered in a digest. */
export const NEWS_WINDOW_DAYS = 7;
/** Refresh counts older than this are purged (spec §9). */
export const REFRESH_COUNT_DAYS = 7;
const CLICK_RETENTION_DAYS = 90;

export async function findPreferences(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('insight_preferences')
    .select(['preferences', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function savePreferences(db: Kysely<Database>, userId: string, preferences: InsightPreferences) {
  const updatedAt = new Date();
  const values = { preferences: JSON.stringify(preferences), updated_at: updatedAt };
  await db
    .insertInto('insight_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
    .execute();
  return updatedAt;
}

/** What ranking reads of every item a digest may offer now. */
export async function listCandidates(
  db: Kysely<Database>,
  kind: InsightKind,
  now: Date,
): Promise<Candidate[]> {
  let query = db
    .selectFrom('insight_items')
    .select([
      'id',
      'kind',
      'title',
      'categories',
      'location',
      'starts_at',
      'ends_at',
      'feed_url',
      'match_text',
    ])
    .where('kind', '=', kind);
  query =
    kind === 'news'
      ? query.where('starts_at', '>', new Date(now.getTime() - NEWS_WINDOW_DAYS * DAY_MS))
      : query.where(sql<Date>`coalesce(ends_at, starts_at)`, '>=', now);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    categories: row.categories,
    location: row.location,
    startsAt: new Date(row.starts_at),
    endsAt: row.ends_at ? new Date(row.ends_at) : null,
    feedUrl: row.feed_url,
    matchText: row.match_text,
  }));
}

/** The full rows of chosen items (body, link, source). */
export async function itemsById(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('insight_items')
    .select(['id', 'url', 'title', 'body', 'source', 'is_all_day'])
    .where('id', 'in', ids)
    .execute();
}

/** A news item by id, else by title (the client may hold only what the card showed). */
export async function findNewsItem(db: Kysely<Database>, id: string | undefined, titleKey: string) {
  const query = db
    .selectFrom('insight_items')
    .select(['id', 'url', 'title', 'body', 'source', 'categories', 'match_text'])
    .where('kind', '=', 'news');
  if (id) {
    const byId = await query.where('id', '=', id).executeTakeFirst();
    if (byId) return byId;
  }
  return query.where('title_key', '=', titleKey).orderBy('starts_at', 'desc').executeTakeFirst();
}

export async function itemExists(db: Kysely<Database>, kind: InsightKind, id: string) {
  return db
    .selectFrom('insight_items')
    .select('url')
    .where('kind', '=', kind)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findDigest(
  db: Kysely<Database>,
  key: { userId: string; kind: InsightKind; preferenceKey: string },
  now: Date,
) {
  return db
    .selectFrom('insight_digests')
    .select(['digest', 'day', 'produced_by', 'generated_at', 'expires_at'])
    .where('user_id', '=', key.userId)
    .where('kind', '=', key.kind)
    .where('preference_key', '=', key.preferenceKey)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function saveDigest(
  db: Kysely<Database>,
  row: {
    userId: string;
    kind: InsightKind;
    preferenceKey: string;
    day: string;
    digest: unknown;
    producedBy: 'extractive' | 'llm';
    generatedAt: Date;
    expiresAt: Date;
  },
) {
  const values = {
    day: row.day,
    digest: JSON.stringify(row.digest),
    produced_by: row.producedBy,
    generated_at: row.generatedAt,
    expires_at: row.expiresAt,
  };
  await db
    .insertInto('insight_digests')
    .values({ user_id: row.userId, kind: row.kind, preference_key: row.preferenceKey, ...values })
    .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'preference_key']).doUpdateSet(values))
    .execute();
}

export async function listDigests(db: Kysely<Database>, userId: string, now: Date) {
  return db
    .selectFrom('insight_digests')
    .select(['kind', 'produced_by', 'generated_at', 'expires_at', 'digest'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('generated_at', 'desc')
    .execute();
}

export async function deleteDigests(db: Kysely<Database>, userId: string, kind: InsightKind | undefined) {
  let query = db.deleteFrom('insight_digests').where('user_id', '=', userId);
  if (kind) query = query.where('kind', '=', kind);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Counts one forced refresh, unless the day's are used up: one statement, so two refreshes at once
 * cannot both pass. Answers the count after it, or null when refused.
 */
export async function countForcedRefresh(
  db: Kysely<Database>,
  key: { userId: string; kind: InsightKind; day: string },
): Promise<number | null> {
  const row = await db
    .insertInto('insight_refreshes')
    .values({ user_id: key.userId, kind: key.kind, day: key.day, used: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'kind', 'day'])
        .doUpdateSet((update) => ({ used: sql<number>`${update.ref('insight_refreshes.used')} + 1` }))
        .where('insight_refreshes.used', '<', DAILY_FORCED_REFRESH_LIMIT),
    )
    .returning('used')
    .executeTakeFirst();
  return row ? Number(row.used) : null;
}

export async function refreshesUsed(
  db: Kysely<Database>,
  key: { userId: string; kind: InsightKind; day: string },
): Promise<number> {
  const row = await db
    .selectFrom('insight_refreshes')
    .select('used')
    .where('user_id', '=', key.userId)
    .where('kind', '=', key.kind)
    .where('day', '=', key.day)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

export async function recordClick(
  db: Kysely<Database>,
  click: { userId: string; kind: InsightKind; itemId: string; url: string; action: string },
) {
  await db
    .insertInto('insight_clicks')
    .values({
      user_id: click.userId,
      kind: click.kind,
      item_id: click.itemId,
      url: click.url,
      action: click.action,
    })
    .execute();
}

/** Daily clean-up: expired digests, refresh counts past their week, old clicks. */
export async function pruneMemberInsights(db: Kysely<Database>, now: Date) {
  const dayCutoff = new Date(now.getTime() - REFRESH_COUNT_DAYS * DAY_MS).toISOString().slice(0, 10);
  await db.deleteFrom('insight_digests').where('expires_at', '<=', now).execute();
  await db.deleteFrom('insight_refreshes').where('day', '<', dayCutoff).execute();
  await db
    .deleteFrom('insight_clicks')
    .where('clicked_at', '<', new Date(now.getTime() - CLICK_RETENTION_DAYS * DAY_MS))
    .execute();
}
