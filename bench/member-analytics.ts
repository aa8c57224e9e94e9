// Budget of member analytics (README "Member analytics"): a member with 5,000 contacts and 200,000
// card-page events; each analytics call's p50 and p99, on embedded PGlite and on PostgreSQL, through
// the real app (routes, validation, SQL, JSON). Prints every run and the median; it is not a test.
//
//   npm run bench:member-analytics
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run bench:member-analytics
//
// BENCH_DATABASE_URL (or DATABASE_URL) names a server on which a throwaway database is created and
// dropped; without one the PostgreSQL rows are skipped. BENCH_RUNS, BENCH_CALLS, BENCH_CONTACTS and
// BENCH_EVENTS tune the run.
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { sql } from 'kysely';
import { buildApp } from '../server/platform/app';
import { readConfig } from '../server/platform/config';
import { openDatabase } from '../server/platform/db/connection';
import { benchDatabase } from './support/database-target';
import { median, percentile } from './support/figures';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CALLS = Number(process.env.BENCH_CALLS ?? 40);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 5_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const Budget = { p50Ms: 50, p99Ms: 200 } as const;
const DAY_MS = 86_400_000;
const BATCH = 5_000;

const CALLS_MEASURED = [
  '/api/insights/analytics-summary?range=week',
  '/api/insights/analytics-summary?range=year',
  '/api/user-analytics/countries?range=90',
  '/api/user-analytics/companies?range=90',
  '/api/user-analytics/industries?range=90',
  '/api/user-analytics/engagement?range=90',
  '/api/user-analytics/engagement?range=ytd&timezone=Europe/Paris',
  '/api/user-analytics/conversion?range=90',
  '/api/user-analytics/geographical?range=90',
  '/api/user-analytics/export?type=engagement&range=90',
];

/** Where members of a travelling sales team meet people; each contact is jittered around one. */
const CITIES: [number, number][] = [
  [51.5072, -0.1276],
  [48.8566, 2.3522],
  [52.52, 13.405],
  [40.7128, -74.006],
  [37.7749, -122.4194],
  [35.6762, 139.6503],
  [1.3521, 103.8198],
  [-33.8688, 151.2093],
  [19.4326, -99.1332],
  [-23.5505, -46.6333],
  [45.764, 4.8357],
  [41.9028, 12.4964],
  [59.3293, 18.0686],
  [28.6139, 77.209],
  [25.2048, 55.2708],
];

/** A deterministic sequence, so every run seeds the same data. */
function pseudoRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db'], ownerId: string, nfcUID: string) {
  const random = pseudoRandom(42);
  const now = Date.now();
  const contacts = Array.from({ length: CONTACTS }, (_, index) => {
    const [lat, lng] = CITIES[Math.floor(random() * CITIES.length)] ?? [0, 0];
    const isLocated = random() < 0.8;
    return {
      owner_id: ownerId,
      name: `Contact ${index}`,
      company: random() < 0.9 ? `Company ${Math.floor(random() * 400)}` : '',
      role: random() < 0.85 ? `Role ${Math.floor(random() * 60)}` : '',
      lat: isLocated ? lat + (random() - 0.5) * 0.2 : null,
      lng: isLocated ? lng + (random() - 0.5) * 0.2 : null,
      // Two years of contacts, more of them recently.
      connected_at: new Date(now - random() ** 1.5 * 730 * DAY_MS),
    };
  });
  for (let index = 0; index < contacts.length; index += BATCH) {
    await db
      .insertInto('contacts')
      .values(contacts.slice(index, index + BATCH))
      .execute();
  }
  const types = [
    'view',
    'view',
    'view',
    'view',
    'view',
    'tap',
    'tap',
    'link_click',
    'link_click',
    'save',
  ] as const;
  const sources = ['nfc', 'nfc', 'qr', 'link', 'other'] as const;
  for (let index = 0; index < EVENTS; index += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, EVENTS - index) }, () => {
      const type = types[Math.floor(random() * types.length)] ?? 'view';
      return {
        nfc_uid: nfcUID,
        card_owner_id: ownerId,
        type,
        referrer: 'none',
        is_mobile: random() < 0.7,
        source:
          type === 'tap' ? ('nfc' as const) : (sources[Math.floor(random() * sources.length)] ?? 'other'),
        // One year of events.
        occurred_at: new Date(now - random() * 365 * DAY_MS),
      };
    });
    await db.insertInto('card_events').values(rows).execute();
  }
  // As a database that has been running for a while would be: statistics known, pages all-visible.
  await sql`VACUUM ANALYZE contacts`.execute(db);
  await sql`VACUUM ANALYZE card_events`.execute(db);
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  if (kind === 'postgres' && !POSTGRES_URL) return;
  const database = await benchDatabase(kind, POSTGRES_URL ?? '');
  const { target } = database;
  const cleanups: (() => Promise<void> | void)[] = [database.cleanup];
  const connection = await openDatabase(target);
  const config = readConfig({ STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, connection, logger: false, housekeeping: false });
  cleanups.unshift(() => app.close());
  try {
    const { id } = await connection.db
      .insertInto('users')
      .values({
        name: 'Bench Member',
        email: `bench-${randomBytes(4).toString('hex')}@bench.test`,
        password_hash: '-',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const nfcUID = `${randomBytes(20).toString('hex')}-1`;
    await connection.db
      .insertInto('cards')
      .values({ nfc_uid: nfcUID, user_id: id, claimed_at: new Date() })
      .execute();
    const seedStarted = performance.now();
    await seed(connection.db, id, nfcUID);
    const authorization = `Bearer ${await app.ctx.tokens.signAccessToken({ userId: id, role: 'user' })}`;
    const call = async (url: string) => {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { authorization } });
      if (response.statusCode !== 200)
        throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      return performance.now() - started;
    };
    // The first call looks up the country of every located contact once (then stored).
    const firstCall = await call('/api/user-analytics/countries?range=30');
    console.log(
      `\n${kind}: seeded ${CONTACTS} contacts and ${EVENTS} events in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; ` +
        `first call (countries of ${CONTACTS} contacts looked up) ${firstCall.toFixed(0)} ms`,
    );
    const results = new Map<string, { p50: number; p99: number; cpu: number }[]>();
    for (let run = 1; run <= RUNS; run += 1) {
      for (const url of CALLS_MEASURED) {
        await call(url);
        const times: number[] = [];
        const cpuBefore = process.cpuUsage();
        for (let index = 0; index < CALLS; index += 1) times.push(await call(url));
        // CPU of this process per call: the app's work (and PGlite's SQL, which runs in it), which the
        // load of other jobs on the machine barely changes, unlike the wall-clock times.
        const cpuUsed = process.cpuUsage(cpuBefore);
        times.sort((a, b) => a - b);
        const figures = {
          p50: percentile(times, 0.5),
          p99: percentile(times, 0.99),
          cpu: (cpuUsed.user + cpuUsed.system) / 1000 / CALLS,
        };
        results.set(url, [...(results.get(url) ?? []), figures]);
        console.log(
          `  run ${run}  ${url.padEnd(66)} p50 ${figures.p50.toFixed(1).padStart(6)} ms  p99 ${figures.p99.toFixed(1).padStart(6)} ms  CPU ${figures.cpu.toFixed(1).padStart(5)} ms`,
        );
      }
    }
    const [load1] = loadavg();
    console.log(
      `\n${kind}: median of ${RUNS} runs of ${CALLS} calls each (budget p50 ≤ ${Budget.p50Ms} ms, p99 ≤ ${Budget.p99Ms} ms; CPU: this process's per call), load average ${load1?.toFixed(1)}`,
    );
    for (const [url, runs] of results) {
      const p50 = median(runs.map((figures) => figures.p50));
      const p99 = median(runs.map((figures) => figures.p99));
      const cpu = median(runs.map((figures) => figures.cpu));
      const verdict = p50 <= Budget.p50Ms && p99 <= Budget.p99Ms ? 'within' : 'OVER';
      console.log(
        `  ${url.padEnd(66)} p50 ${p50.toFixed(1).padStart(6)} ms  p99 ${p99.toFixed(1).padStart(6)} ms  CPU ${cpu.toFixed(1).padStart(5)} ms  ${verdict}`,
      );
    }
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

const [load1, load5] = loadavg();
console.log(
  `Member analytics: Node ${process.version}, ${cpus().length} CPUs, load average ${load1?.toFixed(1)} / ${load5?.toFixed(1)} at the start`,
);
await benchOn('postgres');
await benchOn('pglite');
