// Writing member sessions and their visits. Each statement is one round trip: a sign-in writes its
// session and first visit together, and activity moves last-seen on both (or opens a new visit) at once.
import { type Kysely, sql } from 'kysely';
import { VISIT_IDLE_MINUTES } from '../../../contract/admin-analytics';
import type { Database } from '../../platform/db/schema';
import type { SessionClient } from './client';

export type SessionEndReason = 'logout' | 'expired' | 'revoked';

/** Last-seen moves at most this often per session: one write a minute, however busy the member. */
export const LAST_SEEN_WRITE_INTERVAL_SECONDS = 60;

export async function insertSession(
  db: Kysely<Database>,
  session: { id: string; userId: string; client: SessionClient; at?: Date },
): Promise<void> {
  const at = session.at ?? new Date();
  const { device, os, browser, country } = session.client;
  await sql`
    WITH started AS (
      INSERT INTO member_sessions (id, user_id, started_at, last_seen_at, device, os, browser, country)
      VALUES (${session.id}, ${session.userId}, ${at}, ${at}, ${device}, ${os}, ${browser}, ${country})
      ON CONFLICT (id) DO NOTHING
      RETURNING id, user_id
    )
    INSERT INTO session_visits (session_id, user_id, started_at, last_seen_at)
    SELECT id, user_id, ${at}, ${at} FROM started
  `.execute(db);
}

/**
 * Moves the open session's last-seen to `at` unless it moved less than a minute ago; the current visit
 * follows, or a new visit starts when the session was idle for more than 30 minutes. Whether anything
 * was written.
 */
export async function touchSession(
  db: Kysely<Database>,
  sessionId: string,
  at: Date = new Date(),
): Promise<boolean> {
  const result = await sql`
    WITH previous AS (
      SELECT id, user_id, last_seen_at FROM member_sessions
      WHERE id = ${sessionId} AND ended_at IS NULL
        AND last_seen_at <= ${at}::timestamptz - make_interval(secs => ${LAST_SEEN_WRITE_INTERVAL_SECONDS})
      FOR UPDATE
    ), touched AS (
      UPDATE member_sessions AS session SET last_seen_at = ${at}
      FROM previous
      WHERE session.id = previous.id
      RETURNING session.id, session.user_id, previous.last_seen_at AS previous_seen
    ), continued AS (
      UPDATE session_visits AS visit SET last_seen_at = ${at}
      FROM touched
      WHERE visit.session_id = touched.id AND visit.last_seen_at = touched.previous_seen
        AND touched.previous_seen >= ${at}::timestamptz - make_interval(mins => ${VISIT_IDLE_MINUTES})
      RETURNING visit.id
    ), opened AS (
      INSERT INTO session_visits (session_id, user_id, started_at, last_seen_at)
      SELECT id, user_id, ${at}, ${at} FROM touched
      WHERE previous_seen < ${at}::timestamptz - make_interval(mins => ${VISIT_IDLE_MINUTES})
      RETURNING id
    )
    SELECT (SELECT count(*) FROM touched) AS touched
  `.execute(db);
  const [row] = result.rows as { touched: string | number }[];
  return Number(row?.touched ?? 0) > 0;
}

/** Ends one session (`sessionId`) or every open session of a member (`userId`). */
export async function endSessions(
  db: Kysely<Database>,
  which: { sessionId: string } | { userId: string },
  reason: SessionEndReason,
): Promise<void> {
  const open = db
    .updateTable('member_sessions')
    .set({ ended_at: sql`now()`, end_reason: reason })
    .where('ended_at', 'is', null);
  const chosen =
    'sessionId' in which ? open.where('id', '=', which.sessionId) : open.where('user_id', '=', which.userId);
  await chosen.execute();
}
