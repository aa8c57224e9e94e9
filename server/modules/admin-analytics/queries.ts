// The admin dashboard's figures, one query each so they run side by side on PostgreSQL's pool. "Today"
// and the chart's days are calendar days in the analytics time zone; windows like "the last 5 minutes"
// are measured from the database's now(). Every query is served by an index of migration 017.
import { type Kysely, sql } from 'kysely';
import {
  ADMIN_CHART_DAYS,
  ADMIN_COUNTRY_LIMIT,
  ADMIN_LIST_LIMIT,
  CARD_TAP_WINDOW_DAYS,
  type DeviceClass,
  ONLINE_NOW_MINUTES,
} from '../../../contract/admin-analytics';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

/** PostgreSQL answers count() as bigint, which pg hands over as a string. */
type Count = string | number | bigint;

/** Midnight of today in `timeZone`, as an instant. */
function todayStart(timeZone: string) {
  return sql`(date_trunc('day', now() AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone})`;
}

/** The start of the window the 30-day figures look at. */
const WINDOW_START = sql`now() - make_interval(days => ${ADMIN_CHART_DAYS})`;

/** The per-day sums are by UTC day: their 30-day window is today (UTC) and the 29 days before, so days after this one. */
const UTC_WINDOW_FIRST_DAY = sql`(now() AT TIME ZONE 'UTC')::date - ${ADMIN_CHART_DAYS}::int`;

export async function memberCounts(db: Db, timeZone: string) {
  const { rows } = await sql<{ total: Count; verified: Count; new_today: Count }>`
    SELECT count(*) AS total,
      count(*) FILTER (WHERE is_verified) AS verified,
      count(*) FILTER (WHERE created_at >= ${todayStart(timeZone)}) AS new_today
    FROM users WHERE role = 'user'
  `.execute(db);
  const row = rows[0];
  return {
    total: Number(row?.total ?? 0),
    verified: Number(row?.verified ?? 0),
    newToday: Number(row?.new_today ?? 0),
  };
}

/** Members with any activity since midnight. */
export async function activeToday(db: Db, timeZone: string): Promise<number> {
  const { rows } = await sql<{ count: Count }>`
    SELECT count(DISTINCT user_id) AS count FROM session_visits WHERE last_seen_at >= ${todayStart(timeZone)}
  `.execute(db);
  return Number(rows[0]?.count ?? 0);
}

export async function onlineNow(db: Db): Promise<number> {
  const { rows } = await sql<{ count: Count }>`
    SELECT count(DISTINCT user_id) AS count FROM member_sessions
    WHERE ended_at IS NULL AND last_seen_at >= now() - make_interval(mins => ${ONLINE_NOW_MINUTES})
  `.execute(db);
  return Number(rows[0]?.count ?? 0);
}

export async function visitCounts(db: Db, timeZone: string) {
  // Totals and durations from the per-day sums migration 019 keeps; today's visits from the index.
  const { rows } = await sql<{ total: Count; today: Count; avg_seconds: string | number | null }>`
    SELECT
      (SELECT coalesce(sum(visits), 0) FROM session_visit_days) AS total,
      (SELECT count(*) FROM session_visits WHERE started_at >= ${todayStart(timeZone)}) AS today,
      (SELECT sum(seconds) / nullif(sum(visits), 0) FROM session_visit_days WHERE day > ${UTC_WINDOW_FIRST_DAY}) AS avg_seconds
  `.execute(db);
  const row = rows[0];
  return {
    total: Number(row?.total ?? 0),
    today: Number(row?.today ?? 0),
    avgSeconds: Number(row?.avg_seconds ?? 0),
  };
}

/** New members per calendar day over the chart's 30 days, days without any included as 0. */
export async function dailySignUps(db: Db, timeZone: string) {
  const { rows } = await sql<{ day: string; count: Count }>`
    WITH days AS (
      SELECT generate_series(
        (now() AT TIME ZONE ${timeZone})::date - ${ADMIN_CHART_DAYS - 1}::int,
        (now() AT TIME ZONE ${timeZone})::date,
        interval '1 day'
      )::date AS day
    ), joined AS (
      SELECT (created_at AT TIME ZONE ${timeZone})::date AS day, count(*) AS count
      FROM users
      WHERE role = 'user'
        AND created_at >= ((now() AT TIME ZONE ${timeZone})::date - ${ADMIN_CHART_DAYS - 1}::int)::timestamp AT TIME ZONE ${timeZone}
      GROUP BY 1
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day, coalesce(joined.count, 0) AS count
    FROM days LEFT JOIN joined ON joined.day = days.day
    ORDER BY days.day
  `.execute(db);
  return rows.map((row) => ({ _id: row.day, count: Number(row.count) }));
}

/** Sign-ins of the last 30 UTC days by device class, most used first (ties in a fixed order, Unknown last). */
export async function deviceCounts(db: Db) {
  const { rows } = await sql<{ device: DeviceClass; count: Count }>`
    SELECT device, sum(sign_ins) AS count FROM session_device_days WHERE day > ${UTC_WINDOW_FIRST_DAY}
    GROUP BY device ORDER BY count DESC, array_position(ARRAY['mobile', 'tablet', 'desktop', 'Unknown'], device)
  `.execute(db);
  return rows.map((row) => ({ _id: row.device, count: Number(row.count) }));
}

/** Members by the country of their latest sign-in, the 20 largest. */
export async function countryCounts(db: Db) {
  const { rows } = await sql<{ country: string; count: Count }>`
    SELECT last_sign_in_country AS country, count(*) AS count FROM users
    WHERE role = 'user' AND last_sign_in_country IS NOT NULL
    GROUP BY 1 ORDER BY count DESC, country LIMIT ${ADMIN_COUNTRY_LIMIT}
  `.execute(db);
  return rows.map((row) => ({ _id: row.country, count: Number(row.count) }));
}

export function recentLogins(db: Db, limit = ADMIN_LIST_LIMIT) {
  return db
    .selectFrom('member_sessions')
    .innerJoin('users', 'users.id', 'member_sessions.user_id')
    .select([
      'users.email',
      'member_sessions.started_at',
      'member_sessions.device',
      'member_sessions.country',
    ])
    .orderBy('member_sessions.started_at', 'desc')
    .limit(limit)
    .execute();
}

export function recentRegistrations(db: Db, limit = ADMIN_LIST_LIMIT) {
  return db
    .selectFrom('users')
    .select(['email', 'is_verified', 'created_at'])
    .where('role', '=', 'user')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function cardFunnel(db: Db) {
  const { rows } = await sql<{ issued: Count; claimed: Count; tapped: Count }>`
    SELECT
      (SELECT count(*) FROM cards) AS issued,
      (SELECT count(*) FROM cards WHERE user_id IS NOT NULL) AS claimed,
      (SELECT count(DISTINCT event.nfc_uid) FROM card_events AS event
        JOIN cards ON cards.nfc_uid = event.nfc_uid AND cards.user_id IS NOT NULL
        WHERE event.type = 'tap' AND event.occurred_at >= now() - make_interval(days => ${CARD_TAP_WINDOW_DAYS})) AS tapped
  `.execute(db);
  const row = rows[0];
  return {
    issued: Number(row?.issued ?? 0),
    claimed: Number(row?.claimed ?? 0),
    tappedLast30Days: Number(row?.tapped ?? 0),
  };
}

/** Contact saves of the last 30 days, and how many of them the outbox sent after being made offline. */
export async function contactSaves(db: Db) {
  const { rows } = await sql<{ total: Count; offline: Count }>`
    SELECT count(*) AS total, count(*) FILTER (WHERE saved_offline) AS offline
    FROM contacts WHERE connected_at >= ${WINDOW_START}
  `.execute(db);
  return { total: Number(rows[0]?.total ?? 0), offline: Number(rows[0]?.offline ?? 0) };
}
