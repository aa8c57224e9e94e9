// Housekeeping for member sessions: a session whose refresh chain has expired has ended, and sessions
// and visits older than SESSION_RETENTION_DAYS are deleted (docs/behaviour/admin.md, what we keep).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Open sessions none of whose refresh tokens is still usable end when their last token expired. */
export async function endExpiredSessions(db: Kysely<Database>): Promise<number> {
  const result = await sql`
    UPDATE member_sessions AS session
    SET ended_at = least(now(), coalesce(
      (SELECT max(token.expires_at) FROM refresh_tokens AS token WHERE token.family_id = session.id),
      session.last_seen_at
    )), end_reason = 'expired'
    WHERE session.ended_at IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM refresh_tokens AS token
        WHERE token.family_id = session.id AND token.revoked_at IS NULL AND token.expires_at > now()
      )
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Deletes what is older than the retention: visits by their last activity, sessions once ended or idle. */
export async function pruneSessions(db: Kysely<Database>, retentionDays: number): Promise<number> {
  const cutoff = sql<Date>`now() - make_interval(days => ${retentionDays})`;
  await db.deleteFrom('session_visits').where('last_seen_at', '<', cutoff).execute();
  const deleted = await db
    .deleteFrom('member_sessions')
    .where(sql<boolean>`coalesce(ended_at, last_seen_at) < ${cutoff}`)
    .executeTakeFirst();
  // Sign-ins per day are read for the last 30 days only; a day's visit sums empty as its visits go.
  await db.deleteFrom('session_device_days').where('day', '<', sql<string>`(${cutoff})::date`).execute();
  await db.deleteFrom('session_visit_days').where(sql<boolean>`visits <= 0`).execute();
  return Number(deleted.numDeletedRows);
}
