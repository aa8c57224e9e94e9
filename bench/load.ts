// Load on PostgreSQL with a realistic member mix (README "Budgets: load"): contacts revalidation at the
// spec's 25-second poll, saves with Idempotency-Keys, notes, public card views and card events, and the
// insights and analytics reads, with 1 and then 2 worker processes. Prints requests per second, p50 and
// p99 per call, errors, and the server's CPU per request, from which the members one core serves follow.
// It is not a test.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run bench:load
//   BENCH_SOAK_SECONDS=600 … npm run bench:load      (a soak: a steady half load, memory sampled)
//
// BENCH_SECONDS (per round), BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_MEMBERS, BENCH_WORKERS ("1,2") tune it.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { openDatabase } from '../server/platform/db/connection';
import { seedCardOwners, signUpOverHttp } from '../tests/support/members-over-http';
import { type ServerProcess, startServer } from '../tests/support/server-process';
import { startSmtpSink } from '../tests/support/smtp-sink';
import { createThrowawayDatabase } from '../tests/support/throwaway-postgres';
import { median, percentile } from './support/figures';
import { keepAliveClient } from './support/keep-alive-client';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 40);
const CONTACTS_PER_MEMBER = 200;
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 0);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const POLL_SECONDS = 25;
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * What one open member causes per minute: the list revalidated every 25 s (spec), now and then a save,
 * a note, a look at insights or analytics, and people viewing their card (a view plus its event).
 */
const PER_MEMBER_MINUTE = {
  revalidate: 60 / POLL_SECONDS,
  save: 0.1,
  notes: 0.1,
  cardView: 0.3,
  cardEvent: 0.3,
  insights: 0.05,
  analytics: 0.05,
} as const;
type Call = keyof typeof PER_MEMBER_MINUTE;
const CALLS = Object.keys(PER_MEMBER_MINUTE) as Call[];
const PER_MEMBER_SECOND = Object.values(PER_MEMBER_MINUTE).reduce((sum, rate) => sum + rate, 0) / 60;

interface Member {
  token: string;
  etag: string;
  contactIds: string[];
  /** Cards this member has not saved yet. */
  unsaved: string[];
}

interface World {
  members: Member[];
  cards: string[];
  /** Insights and analytics are measured when this release has them (a 404 leaves them out). */
  has: Record<'insights' | 'analytics', boolean>;
}

const { send, close: closeClient } = keepAliveClient(CONNECTIONS);

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

/** A call drawn with the mix's weights (among the calls this release has). */
function drawCall(world: World): Call {
  const available = CALLS.filter((call) =>
    call === 'insights' || call === 'analytics' ? world.has[call] : true,
  );
  const total = available.reduce((sum, call) => sum + PER_MEMBER_MINUTE[call], 0);
  let roll = Math.random() * total;
  for (const call of available) {
    roll -= PER_MEMBER_MINUTE[call];
    if (roll <= 0) return call;
  }
  return 'revalidate';
}

async function perform(base: URL, world: World, call: Call): Promise<number> {
  const member = pick(world.members);
  const auth = { authorization: `Bearer ${member.token}` };
  switch (call) {
    case 'revalidate': {
      const answer = await send(base, 'GET', '/api/contact', { ...auth, 'if-none-match': member.etag });
      return answer.status === 304 || answer.status === 200 ? 200 : answer.status;
    }
    case 'save': {
      const nfcUID = member.unsaved.pop();
      if (!nfcUID) return 200;
      const key = randomBytes(12).toString('hex');
      const answer = await send(
        base,
        'POST',
        '/api/contact/create',
        { ...auth, 'idempotency-key': key },
        { nfcUID },
      );
      const etag = answer.headers['contact-list-etag'];
      if (typeof etag === 'string') member.etag = etag;
      return answer.status === 201 ? 200 : answer.status;
    }
    case 'notes': {
      const id = pick(member.contactIds);
      return (await send(base, 'PUT', `/api/contact/${id}`, auth, { notes: `Followed up ${Date.now()}` }))
        .status;
    }
    case 'cardView':
      return (await send(base, 'GET', `/api/nfc/${pick(world.cards)}`, {})).status;
    case 'cardEvent': {
      const answer = await send(base, 'POST', `/api/nfc/${pick(world.cards)}/events`, {}, { type: 'view' });
      return answer.status === 204 ? 200 : answer.status;
    }
    case 'insights':
      return (await send(base, 'GET', '/api/user/insight-preferences', auth)).status;
    case 'analytics':
      return (await send(base, 'GET', '/api/insights/analytics-summary?range=month', auth)).status;
  }
}

/** utime + stime of a process and its children (a cluster's workers), in seconds. */
function cpuSeconds(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return [pid, ...children.map(Number)].reduce((sum, each) => {
    const fields = readFileSync(`/proc/${each}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return sum + (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  }, 0);
}

function rssMegabytes(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return [pid, ...children.map(Number)].reduce((sum, each) => {
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${each}/status`, 'utf8'))?.[1];
    return sum + Number(rss ?? 0) / 1024;
  }, 0);
}

interface RoundFigures {
  requestsPerSecond: number;
  errors: number;
  cpuMsPerRequest: number;
  latencies: Record<Call, number[]>;
}

/** CONNECTIONS loops issue calls back to back (or `ratePerSecond` in total) for `seconds`. */
async function drive(
  base: URL,
  world: World,
  pid: number,
  seconds: number,
  ratePerSecond?: number,
): Promise<RoundFigures> {
  const latencies = Object.fromEntries(CALLS.map((call) => [call, [] as number[]])) as Record<Call, number[]>;
  let done = 0;
  let errors = 0;
  const cpuBefore = cpuSeconds(pid);
  const startedAt = performance.now();
  const endsAt = startedAt + seconds * 1000;
  const loop = async (index: number) => {
    while (performance.now() < endsAt) {
      if (ratePerSecond) {
        // Paced: each loop's k-th call is due at a fixed time, so the total rate stays steady.
        const due = startedAt + ((done + index) / ratePerSecond) * 1000;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      const call = drawCall(world);
      const before = performance.now();
      const status = await perform(base, world, call).catch(() => 0);
      latencies[call].push(performance.now() - before);
      done += 1;
      if (status !== 200) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => loop(index)));
  const elapsed = (performance.now() - startedAt) / 1000;
  return {
    requestsPerSecond: done / elapsed,
    errors,
    cpuMsPerRequest: ((cpuSeconds(pid) - cpuBefore) * 1000) / done,
    latencies,
  };
}

async function prepare(workers: number) {
  if (!POSTGRES_URL)
    throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server (a throwaway database is made on it).');
  const database = await createThrowawayDatabase(POSTGRES_URL, 'tapnet_load');
  const sink = await startSmtpSink();
  const server = await startServer({
    DATABASE_URL: database.url,
    SMTP_URL: sink.smtpUrl,
    WORKERS: String(workers),
    LOG_LEVEL: 'warn',
    // One machine stands for thousands of members behind many addresses.
    RATE_LIMIT_SCALE: '100000',
  });
  const connection = await openDatabase({ databaseUrl: database.url });
  const cards = await seedCardOwners(connection.db, 2_000);
  const members: Member[] = [];
  for (let index = 0; index < MEMBERS; index += 1) {
    const member = await signUpOverHttp(server.url, sink, `load-${index}`);
    const owner = await connection.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', member.email)
      .executeTakeFirstOrThrow();
    const contacts = await connection.db
      .insertInto('contacts')
      .values(
        Array.from({ length: CONTACTS_PER_MEMBER }, (_, contact) => ({
          owner_id: owner.id,
          name: `Contact ${contact}`,
          company: 'Example Ltd',
          email: `c${contact}@example.test`,
          lat: 51.5,
          lng: -0.12,
        })),
      )
      .returning('id')
      .execute();
    const base = new URL(server.url);
    const list = await send(base, 'GET', '/api/contact', { authorization: `Bearer ${member.accessToken}` });
    members.push({
      token: member.accessToken,
      etag: String(list.headers.etag),
      contactIds: contacts.map((row) => row.id),
      unsaved: [...cards].sort(() => Math.random() - 0.5).slice(0, 500),
    });
  }
  const probe = pick(members);
  const has = {
    insights:
      (
        await send(new URL(server.url), 'GET', '/api/user/insight-preferences', {
          authorization: `Bearer ${probe.token}`,
        })
      ).status !== 404,
    analytics:
      (
        await send(new URL(server.url), 'GET', '/api/insights/analytics-summary?range=month', {
          authorization: `Bearer ${probe.token}`,
        })
      ).status !== 404,
  };
  const world: World = { members, cards, has };
  const close = async (target: ServerProcess) => {
    await target.stop('SIGTERM');
    await connection.close();
    await sink.close();
    await database.drop();
  };
  return { server, world, close: () => close(server) };
}

async function measureWorkers(workers: number): Promise<void> {
  const { server, world, close } = await prepare(workers);
  const base = new URL(server.url);
  const pid = server.child.pid ?? 0;
  try {
    await drive(base, world, pid, 3);
    const rounds: RoundFigures[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const figures = await drive(base, world, pid, SECONDS);
      rounds.push(figures);
      console.log(
        `  workers=${workers} round ${round}: ${figures.requestsPerSecond.toFixed(0)} req/s, ${figures.errors} errors, ` +
          `server CPU ${figures.cpuMsPerRequest.toFixed(2)} ms/request (load ${loadavg()[0]?.toFixed(1)})`,
      );
    }
    const rps = median(rounds.map((round) => round.requestsPerSecond));
    const cpuMs = median(rounds.map((round) => round.cpuMsPerRequest));
    const membersPerCore = 1000 / cpuMs / PER_MEMBER_SECOND;
    console.log(
      `workers=${workers} median: ${rps.toFixed(0)} req/s, errors ${rounds.reduce((sum, r) => sum + r.errors, 0)}, ` +
        `CPU ${cpuMs.toFixed(2)} ms/request → one core serves about ${Math.round(membersPerCore)} open members`,
    );
    for (const call of CALLS) {
      const all = rounds.flatMap((round) => round.latencies[call]);
      if (all.length === 0) continue;
      console.log(
        `    ${call.padEnd(11)} p50 ${percentile(all, 0.5).toFixed(1)} ms  p99 ${percentile(all, 0.99).toFixed(1)} ms  (${all.length} calls)`,
      );
    }
    if (SOAK_SECONDS > 0) {
      console.log(
        `  soak: ${SOAK_SECONDS} s at half of ${rps.toFixed(0)} req/s, RSS of the server processes every 30 s`,
      );
      const samples: number[] = [rssMegabytes(pid)];
      const soakEnds = Date.now() + SOAK_SECONDS * 1000;
      while (Date.now() < soakEnds) {
        const figures = await drive(base, world, pid, Math.min(30, (soakEnds - Date.now()) / 1000), rps / 2);
        samples.push(rssMegabytes(pid));
        console.log(
          `    ${samples.length * 30 - 30} s: RSS ${samples.at(-1)?.toFixed(0)} MB, ${figures.errors} errors`,
        );
      }
      console.log(`  soak RSS first ${samples[1]?.toFixed(0)} MB, last ${samples.at(-1)?.toFixed(0)} MB`);
    }
  } finally {
    await close();
  }
}

console.log(
  `Load on PostgreSQL: ${MEMBERS} members × ${CONTACTS_PER_MEMBER} contacts, ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per worker count; ` +
    `${cpus().length} CPUs; the mix per open member per minute: ${JSON.stringify(PER_MEMBER_MINUTE)}`,
);
for (const workers of WORKER_COUNTS) await measureWorkers(workers);
closeClient();
