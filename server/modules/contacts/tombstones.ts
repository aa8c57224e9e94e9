// Housekeeping of the change feed (migration 021): a deleted contact's tombstone is kept only as long as
// a device may still ask for the changes since before it. Pruning one raises its member's oldest cursor,
// so a device whose cursor is older gets the whole list instead of a list that still holds that contact.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

/**
 * A device's contacts cache lives 7 days (spec §9); a cursor older than that is never sent again, so
 * tombstones are kept twice as long, for a cache stored just before it expired and a clock that is off.
 */
export const TOMBSTONE_RETENTION_DAYS = 14;

/** Deletes tombstones older than the retention, and answers how many. */
export async function pruneContactTombstones(
  db: Kysely<Database>,
  retentionDays = TOMBSTONE_RETENTION_DAYS,
): Promise<number> {
  // One statement: the tombstones go and the oldest cursors rise together, or neither does.
  const { rows } = await sql<{ pruned: string }>`
    WITH pruned AS (
      DELETE FROM contact_tombstones
      WHERE deleted_at < now() - make_interval(days => ${retentionDays})
      RETURNING owner_id, list_version
    ), raised AS (
      UPDATE contact_list_versions AS versions
      SET oldest_cursor = GREATEST(versions.oldest_cursor, latest.list_version)
      FROM (SELECT owner_id, max(list_version) AS list_version FROM pruned GROUP BY owner_id) AS latest
      WHERE versions.user_id = latest.owner_id
      RETURNING versions.user_id
    )
    SELECT (SELECT count(*) FROM pruned)::text AS pruned
  `.execute(db);
  return Number(rows[0]?.pruned ?? 0);
}
