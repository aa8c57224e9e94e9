// The venue (issue 23): a busy show behind one public address. 500 signed-in members each save 5
// cards a minute and revalidate their list every 25 s, the crowd taps speakers' cards 10,000 times a
// minute (the card lookup and its tap event), and an attacker in the same crowd sends a hostile
// request every second. All of it comes through one address (X-Forwarded-For behind TRUST_PROXY) to
// a real server process with the real limits (RATE_LIMIT_SCALE 1), on PGlite and on PostgreSQL.
// Prints what was sent and answered, refusals of honest traffic (must be 0), the attacker's requests
// refused (must be all), p50/p99 per kind and the server's CPU per request. Loopback only, bounded in
// time (BENCH_RUNS runs of BENCH_SECONDS, 3 × 60 s by default, per database). It is not a test.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run bench:venue
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { openDatabase } from '../server/platform/db/connection';
import { migrate } from '../server/platform/db/migrate';
import { seedCardOwners } from '../tests/support/members-over-http';
import { startServer } from '../tests/support/server-process';
import { createThrowawayDatabase } from '../tests/support/throwaway-postgres';
import { median, percentile } from './support/figures';
import { keepAliveClient } from './support/keep-alive-client';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Node options for the server, e.g. `--cpu-prof --cpu-prof-dir=.tmp/venue-profile` to see where its time goes. */
const SERVER_FLAGS = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 500);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL;
const JWT_SECRET = 'bench-venue-secret-of-at-least-32-characters!';
const VENUE = '198.51.100.200';
const SPEAKERS = 100;
const CLOCK_TICKS_PER_SECOND = 100;
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148';

/** Calls a minute from the venue's one address. */
const PER_MINUTE = { tap: 10_000, save: MEMBERS * 5, revalidate: MEMBERS * (60 / 25), attack: 60 } as const;
type Kind = keyof typeof PER_MINUTE;
const KINDS = Object.keys(PER_MINUTE) as Kind[];
const PER_SECOND = Object.values(PER_MINUTE).reduce((sum, rate) => sum + rate, 0) / 60;
const HOSTILE = [
  { path: '/.env', agent: 'Mozilla/5.0' },
  { path: '/.git/config', agent: 'Mozilla/5.0' },
  { path: '/api/health', agent: 'sqlmap/1.7.2#stable (https://sqlmap.org)' },
  { path: '/%00', agent: 'Mozilla/5.0' },
];

interface Member {
  token: string;
  etag: string;
  /** The speakers' cards this member has not saved yet. */
  unsaved: string[];
}

const client = keepAliveClient(CONNECTIONS);

/** A request from a phone at the venue: its one public address, named by the proxy in front. */
function send(base: URL, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const fromVenue = { 'x-forwarded-for': VENUE, 'user-agent': PHONE, ...headers };
  return client.send(base, method, path, fromVenue, body);
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

function memberToken(userId: string): Promise<string> {
  return new SignJWT({ role: 'user' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('tapnet')
    .setAudience('tapnet:member')
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode(JWT_SECRET));
}

/** Members and speakers written before the server starts (PGlite allows one process at a time). */
async function seed(target: { databaseUrl: string } | { dataDir: string }) {
  const connection = await openDatabase(target);
  try {
    await migrate(connection);
    const cards = await seedCardOwners(connection.db, SPEAKERS);
    const members = await connection.db
      .insertInto('users')
      .values(
        Array.from({ length: MEMBERS }, (_, index) => ({
          name: `Attendee ${index}`,
          email: `attendee-${index}-${Date.now()}@venue.test`,
          password_hash: 'not-a-password-hash',
          is_verified: true,
        })),
      )
      .returning('id')
      .execute();
    return { cards, userIds: members.map((member) => member.id) };
  } finally {
    await connection.close();
  }
}

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

function drawKind(): Kind {
  let roll = Math.random() * PER_SECOND * 60;
  for (const kind of KINDS) {
    roll -= PER_MINUTE[kind];
    if (roll < 0) return kind;
  }
  return 'tap';
}

/** One call of `kind`; answers whether it was refused (429/403 for honest calls, anything but for the attacker). */
async function perform(base: URL, kind: Kind, members: Member[], cards: string[]): Promise<boolean> {
  switch (kind) {
    case 'tap': {
      const card = pick(cards);
      const lookup = await send(base, 'GET', `/api/nfc/${card}`, {});
      const event = await send(base, 'POST', `/api/nfc/${card}/events`, {}, { type: 'tap', source: 'nfc' });
      return [lookup.status, event.status].some((status) => status === 429 || status === 403);
    }
    case 'save': {
      const member = pick(members);
      const card = member.unsaved.pop() ?? pick(cards);
      const answer = await send(
        base,
        'POST',
        '/api/contact/create',
        { authorization: `Bearer ${member.token}` },
        { nfcUID: card },
      );
      return answer.status === 429 || answer.status === 403;
    }
    case 'revalidate': {
      const member = pick(members);
      const answer = await send(base, 'GET', '/api/contact', {
        authorization: `Bearer ${member.token}`,
        ...(member.etag ? { 'if-none-match': member.etag } : {}),
      });
      const etag = answer.headers.etag;
      if (etag) member.etag = etag;
      return answer.status === 429 || answer.status === 403;
    }
    case 'attack': {
      const hostile = pick(HOSTILE);
      const answer = await send(base, 'GET', hostile.path, { 'user-agent': hostile.agent });
      return answer.status >= 400;
    }
  }
}

async function drive(base: URL, pid: number, members: Member[], cards: string[]) {
  const latencies = Object.fromEntries(KINDS.map((kind) => [kind, [] as number[]])) as Record<Kind, number[]>;
  const refused = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  let due = 0;
  const cpuBefore = cpuSeconds(pid);
  const startedAt = performance.now();
  const endsAt = startedAt + SECONDS * 1000;
  const loop = async () => {
    while (performance.now() < endsAt) {
      // Paced: the n-th call is due at n / rate, so the mix arrives at the venue's rate.
      const wait = startedAt + (due / PER_SECOND) * 1000 - performance.now();
      due += 1;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const kind = drawKind();
      const before = performance.now();
      const wasRefused = await perform(base, kind, members, cards).catch(() => kind !== 'attack');
      latencies[kind].push(performance.now() - before);
      if (wasRefused) refused[kind] += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const elapsed = (performance.now() - startedAt) / 1000;
  const cpuMs = (cpuSeconds(pid) - cpuBefore) * 1000;
  const requests = KINDS.reduce((sum, kind) => sum + latencies[kind].length * (kind === 'tap' ? 2 : 1), 0);
  return { latencies, refused, elapsed, cpuMs, requests };
}

type Figures = Awaited<ReturnType<typeof drive>>;

function report(run: number, figures: Figures): void {
  console.log(
    `  run ${run}: ${figures.elapsed.toFixed(0)} s from ${VENUE}, load ${loadavg()[0]?.toFixed(1)}`,
  );
  for (const kind of KINDS) {
    const sent = figures.latencies[kind].length;
    const perMinute = (sent / figures.elapsed) * 60;
    const verdict =
      kind === 'attack' ? `${figures.refused[kind]} of ${sent} refused` : `${figures.refused[kind]} refused`;
    console.log(
      `    ${kind.padEnd(10)} ${sent} (${perMinute.toFixed(0)}/min, asked ${PER_MINUTE[kind]}): ${verdict}; ` +
        `p50 ${percentile(figures.latencies[kind], 0.5).toFixed(1)} ms, p99 ${percentile(figures.latencies[kind], 0.99).toFixed(1)} ms`,
    );
  }
  console.log(
    `    server CPU ${(figures.cpuMs / figures.requests).toFixed(2)} ms/request over ${figures.requests} requests; ` +
      `${(figures.cpuMs / figures.latencies.tap.length).toFixed(2)} ms of all CPU per tap`,
  );
}

async function run(
  label: string,
  env: Record<string, string>,
  target: { databaseUrl: string } | { dataDir: string },
  cleanUp: () => Promise<void>,
) {
  const { cards, userIds } = await seed(target);
  const server = await startServer(
    { ...env, JWT_SECRET, TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1' },
    SERVER_FLAGS,
  );
  try {
    const base = new URL(server.url);
    const members: Member[] = [];
    for (const userId of userIds) {
      members.push({
        token: await memberToken(userId),
        etag: '',
        unsaved: [...cards].sort(() => Math.random() - 0.5),
      });
    }
    console.log(`${label}: ${RUNS} runs of ${SECONDS} s, ${CONNECTIONS} connections`);
    const runs: Figures[] = [];
    for (let index = 1; index <= RUNS; index += 1) {
      runs.push(await drive(base, server.child.pid ?? 0, members, cards));
      report(index, runs.at(-1) as Figures);
    }
    const honestRefused = runs.map((one) =>
      KINDS.reduce((sum, kind) => sum + (kind === 'attack' ? 0 : one.refused[kind]), 0),
    );
    const attacks = runs.reduce((sum, one) => sum + one.latencies.attack.length, 0);
    const attacksRefused = runs.reduce((sum, one) => sum + one.refused.attack, 0);
    console.log(
      `  ${label} median of ${RUNS}: ${median(runs.map((one) => (one.latencies.tap.length / one.elapsed) * 60)).toFixed(0)} taps/min, ` +
        `tap p99 ${median(runs.map((one) => percentile(one.latencies.tap, 0.99))).toFixed(1)} ms, ` +
        `${median(runs.map((one) => one.cpuMs / one.latencies.tap.length)).toFixed(2)} ms of server CPU per tap; ` +
        `honest refused ${honestRefused.join(' + ')}, attacker refused ${attacksRefused} of ${attacks}`,
    );
  } finally {
    await server.stop('SIGTERM');
    await cleanUp();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'tapnet-venue-'));
await run('PGlite', { DATA_DIR: dataDir }, { dataDir }, async () =>
  rmSync(dataDir, { recursive: true, force: true }),
);
if (POSTGRES_URL) {
  const database = await createThrowawayDatabase(POSTGRES_URL, 'tapnet_venue');
  await run('PostgreSQL', { DATABASE_URL: database.url }, { databaseUrl: database.url }, () =>
    database.drop(),
  );
} else {
  console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL to a PostgreSQL server)');
}
client.close();
