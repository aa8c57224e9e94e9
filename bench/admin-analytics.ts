// Budgets of the admin analytics (README "Budgets"): GET /api/admin/analytics on PostgreSQL with 100,000
// members and 1,000,000 sessions (p50 ≤ 150 ms, p99 ≤ 400 ms) and on PGlite with 10,000 members; and the
// cost of recording sessions per authenticated request, with and without it. Data is seeded with SQL
// straight into the database; requests go through the real app (inject). Prints figures; not a test.
//
//   npm run bench:admin-analytics                       (PGlite only)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run bench:admin-analytics
//
// BENCH_DATABASE_URL (or DATABASE_URL) names a server on which a throwaway database is created and
// dropped. BENCH_KINDS, BENCH_RUNS, BENCH_PG_MEMBERS, BENCH_PG_SESSIONS, BENCH_PGLITE_MEMBERS and BENCH_PGLITE_SESSIONS
// tune the run.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import * as figures from '../server/modules/admin-analytics/queries';
import { buildApp } from '../server/platform/app';
import { readConfig } from '../server/platform/config';
import { type DatabaseConnection, type DatabaseTarget, openDatabase } from '../server/platform/db/connection';
import { createThrowawayDatabase } from '../tests/support/throwaway-postgres';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARM_UP_RUNS = 3;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const ADMIN = { email: 'admin@bench.test', password: 'Bench-Admin-Passw0rd' };
const Budget = { p50Ms: 150, p99Ms: 400 } as const;
/** Authenticated requests per measured round of the recording cost. */
const REQUESTS_PER_ROUND = 1_000;
const RECORDING_ROUNDS = 5;

interface Scale {
  members: number;
  sessions: number;
}

const SCALES: Record<'postgres' | 'pglite', Scale> = {
  postgres: {
    members: Number(process.env.BENCH_PG_MEMBERS ?? 100_000),
    sessions: Number(process.env.BENCH_PG_SESSIONS ?? 1_000_000),
  },
  pglite: {
    members: Number(process.env.BENCH_PGLITE_MEMBERS ?? 10_000),
    sessions: Number(process.env.BENCH_PGLITE_SESSIONS ?? 100_000),
  },
};

const COUNTRIES = 'GB US DE FR IN BR JP CA AU NL ES IT SE NO PL MX AR ZA NG KE EG CN KR SG'.split(' ');

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Members over a year, sessions over the 90 days kept, one visit each; cards, taps and contact saves. */
async function seed({ db }: DatabaseConnection, { members, sessions }: Scale): Promise<void> {
  await sql`
    INSERT INTO users (name, email, password_hash, is_verified, created_at)
    SELECT 'Member ' || i, 'member-' || i || '@bench.test', 'not-a-hash', i % 10 <> 0,
      now() - random() * interval '365 days'
    FROM generate_series(1, ${members}::int) AS i
  `.execute(db);
  await sql`CREATE TEMP TABLE bench_members AS
    SELECT id, row_number() OVER (ORDER BY id) AS rn FROM users WHERE role = 'user'`.execute(db);
  await sql`
    INSERT INTO member_sessions (id, user_id, started_at, last_seen_at, ended_at, end_reason, device, os, browser, country)
    SELECT gen_random_uuid(), bench_members.id, started, started + length,
      CASE WHEN started < now() - interval '1 day' THEN started + length END,
      CASE WHEN started < now() - interval '1 day' THEN 'expired' END,
      (ARRAY['mobile', 'tablet', 'desktop', 'Unknown'])[1 + floor(pick * 4)::int], 'iOS', 'Safari',
      CASE WHEN pick < 0.95 THEN (${COUNTRIES}::text[])[1 + floor(pick * 1000)::int % ${COUNTRIES.length}::int] END
    FROM (
      SELECT g, now() - random() * interval '90 days' AS started, random() * interval '40 minutes' AS length,
        random() AS pick
      FROM generate_series(1, ${sessions}::int) AS g
    ) AS drawn
    JOIN bench_members ON bench_members.rn = 1 + drawn.g % ${members}::int
  `.execute(db);
  await sql`
    INSERT INTO session_visits (session_id, user_id, started_at, last_seen_at)
    SELECT id, user_id, started_at, last_seen_at FROM member_sessions
  `.execute(db);
  const cards = Math.max(1, Math.round(members / 5));
  await sql`
    INSERT INTO cards (nfc_uid, user_id, claimed_at)
    SELECT substr(md5(i::text) || md5((i + 1)::text), 1, 40) || '-' || i, CASE WHEN i % 5 < 3 THEN bench_members.id END, CASE WHEN i % 5 < 3 THEN now() END
    FROM generate_series(1, ${cards}::int) AS i JOIN bench_members ON bench_members.rn = i
  `.execute(db);
  await sql`CREATE TEMP TABLE bench_cards AS
    SELECT nfc_uid, row_number() OVER (ORDER BY nfc_uid) AS rn FROM cards`.execute(db);
  await sql`
    INSERT INTO card_events (nfc_uid, type, referrer, is_mobile, occurred_at)
    SELECT cards.nfc_uid, 'tap', '', true, now() - random() * interval '60 days'
    FROM generate_series(1, ${cards * 5}::int) AS i
    JOIN bench_cards AS cards ON cards.rn = 1 + i % ${cards}::int
  `.execute(db);
  await sql`
    INSERT INTO contacts (owner_id, name, saved_offline, connected_at)
    SELECT bench_members.id, 'Contact ' || i, random() < 0.1, now() - random() * interval '90 days'
    FROM generate_series(1, ${members * 2}::int) AS i JOIN bench_members ON bench_members.rn = 1 + i % ${members}::int
  `.execute(db);
  // As autovacuum would have by then: statistics, and the visibility map that index-only scans need.
  await sql`VACUUM ANALYZE`.execute(db);
}

async function adminToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN });
  return (response.json() as { token: string }).token;
}

async function timeAnalytics(app: FastifyInstance): Promise<number[]> {
  const headers = { authorization: `Bearer ${await adminToken(app)}` };
  const times: number[] = [];
  for (let run = 0; run < WARM_UP_RUNS + RUNS; run++) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: '/api/admin/analytics', headers });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`analytics: ${response.statusCode} ${response.body}`);
    if (run >= WARM_UP_RUNS) times.push(elapsed);
  }
  return times;
}

/** Each figure's query alone, one after the other: where the answer's time goes. */
async function timeFigures({ db }: DatabaseConnection): Promise<void> {
  const queries: Record<string, () => Promise<unknown>> = {
    memberCounts: () => figures.memberCounts(db, 'UTC'),
    activeToday: () => figures.activeToday(db, 'UTC'),
    onlineNow: () => figures.onlineNow(db),
    visitCounts: () => figures.visitCounts(db, 'UTC'),
    dailySignUps: () => figures.dailySignUps(db, 'UTC'),
    deviceCounts: () => figures.deviceCounts(db),
    countryCounts: () => figures.countryCounts(db),
    recentLogins: () => figures.recentLogins(db),
    recentRegistrations: () => figures.recentRegistrations(db),
    cardFunnel: () => figures.cardFunnel(db),
    contactSaves: () => figures.contactSaves(db),
  };
  const medians: string[] = [];
  for (const [name, query] of Object.entries(queries)) {
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      await query();
      times.push(performance.now() - started);
    }
    medians.push(`${name} ${quantile(times, 0.5).toFixed(0)}`);
  }
  console.log(`  each query alone (median ms): ${medians.join(', ')}`);
}

/** Mean time of one authenticated request over `tokens`, taken in turn. */
async function meanRequestMs(app: FastifyInstance, tokens: string[]): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < REQUESTS_PER_ROUND; index++) {
    const token = tokens[index % tokens.length];
    const response = await app.inject({
      method: 'POST',
      url: '/api/sessions/heartbeat',
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.statusCode !== 204) throw new Error(`heartbeat: ${response.statusCode}`);
  }
  return (performance.now() - started) / REQUESTS_PER_ROUND;
}

/**
 * The same heartbeat three ways: tokens naming no session (recording off), one session (recording on,
 * throttled: one write a minute), and a fresh session per request (every request writes: the worst case).
 */
async function timeRecording(app: FastifyInstance, { db }: DatabaseConnection): Promise<void> {
  const member = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'user')
    .executeTakeFirstOrThrow();
  const sign = (sessionId?: string) =>
    app.ctx.tokens.signAccessToken({ userId: member.id, role: 'user', sessionId });
  const freshSessions = async (count: number) => {
    const ids = Array.from({ length: count }, () => randomUUID());
    await db
      .insertInto('member_sessions')
      .values(
        ids.map((id) => ({ id, user_id: member.id, started_at: new Date(0), last_seen_at: new Date(0) })),
      )
      .execute();
    await db
      .insertInto('session_visits')
      .values(
        ids.map((id) => ({
          session_id: id,
          user_id: member.id,
          started_at: new Date(0),
          last_seen_at: new Date(0),
        })),
      )
      .execute();
    return Promise.all(ids.map((id) => sign(id)));
  };
  const rows: Record<string, number[]> = { off: [], throttled: [], 'every request writes': [] };
  const steady = await freshSessions(1);
  for (let round = 0; round < RECORDING_ROUNDS; round++) {
    rows.off?.push(await meanRequestMs(app, [await sign()]));
    rows.throttled?.push(await meanRequestMs(app, steady));
    rows['every request writes']?.push(await meanRequestMs(app, await freshSessions(REQUESTS_PER_ROUND)));
  }
  for (const [name, values] of Object.entries(rows)) {
    console.log(
      `  recording ${name.padEnd(22)} ${values.map(ms).join('  ')}   median ${ms(quantile(values, 0.5))}`,
    );
  }
}

async function benchOne(kind: 'postgres' | 'pglite'): Promise<void> {
  const scale = SCALES[kind];
  let target: DatabaseTarget = { inMemory: true };
  let drop = async () => {};
  if (kind === 'postgres') {
    if (!POSTGRES_URL) {
      console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL)');
      return;
    }
    const database = await createThrowawayDatabase(POSTGRES_URL, 'tapnet_bench');
    target = { databaseUrl: database.url };
    drop = database.drop;
  }
  const connection = await openDatabase(target);
  const config = readConfig({
    STATIC_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    // The recording cost is measured with thousands of requests from one address.
    RATE_LIMIT_SCALE: '10000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  });
  const app = await buildApp({ config, connection, logger: false, housekeeping: false });
  try {
    const seeding = performance.now();
    await seed(connection, scale);
    console.log(
      `${kind}: ${scale.members.toLocaleString('en')} members, ${scale.sessions.toLocaleString('en')} sessions (seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s)`,
    );
    const times = await timeAnalytics(app);
    console.log(`  runs: ${times.map((time) => time.toFixed(0)).join(' ')}`);
    const p50 = quantile(times, 0.5);
    const p99 = quantile(times, 0.99);
    const verdict =
      kind === 'postgres'
        ? p50 <= Budget.p50Ms && p99 <= Budget.p99Ms
          ? 'within budget'
          : 'OVER BUDGET'
        : '';
    console.log(`  GET /api/admin/analytics  p50 ${ms(p50)}  p99 ${ms(p99)}  ${verdict}`);
    await timeFigures(connection);
    await timeRecording(app, connection);
  } finally {
    await app.close();
    await drop();
  }
}

/** BENCH_KINDS=postgres (or pglite) runs one of the two. */
const KINDS = (process.env.BENCH_KINDS ?? 'pglite,postgres').split(',');

async function main(): Promise<void> {
  if (KINDS.includes('pglite')) await benchOne('pglite');
  if (KINDS.includes('postgres')) await benchOne('postgres');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
