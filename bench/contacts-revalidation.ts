// Budget of contacts revalidation (docs/budgets.md): requests per second of GET /api/contact answered
// 304 for a valid tag, on embedded PGlite and on PostgreSQL, beside a bare Fastify route answering 304
// and the same list answered 200, with the list's server CPU per 100 contacts. Every server runs in its own process, so autocannon (here) and the
// server do not share an event loop. Prints figures; it is not a test.
//
//   npm run bench:contacts-304
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55441/postgres npm run bench:contacts-304
//
// BENCH_DATABASE_URL (or DATABASE_URL) names a server on which a throwaway database is created and
// dropped; without one the PostgreSQL row is skipped. BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS
// and BENCH_CONTACTS tune the run. BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server during
// the first round of each row (<dir>/<row>.cpuprofile, what `--cpu-prof` writes, without the start-up);
// `npm run bench:profile-summary -- <dir>/*.cpuprofile` says where the time went. BENCH_HEAP_PROF=<dir>
// does the same with V8's sampling heap profiler over every object, collected ones included
// (<dir>/<row>.heapprofile, in round 2, or 1 when there is one), and prints the bytes each row's
// request allocates.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { startBenchAppOn } from './support/bench-app';
import { signUpBenchMember } from './support/bench-member';
import { median } from './support/figures';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 50);
const WARM_UP_SECONDS = 2;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
/** The budget: the app's 304 at least this share of the bare route's. */
const BUDGET_SHARE = 0.5;
/** The budget of the whole list (200): server CPU per 100 contacts. */
const LIST_BUDGET_MICROS_PER_100 = 1_000;
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const HEAP_PROFILE_DIR = process.env.BENCH_HEAP_PROF;
/** The heap profile's round: apart from the CPU profile's first round, unless there is only one. */
const HEAP_PROFILE_ROUND = Math.min(1, ROUNDS - 1);
/** Bytes between two samples of the heap profiler: small enough for a request's few kilobytes. */
const HEAP_SAMPLING_BYTES = 512;
/**
 * Every request carries a browser's User-Agent, as the app's polls do: without one, the security
 * inspection records each request as a suspicious client, which no member's poll costs.
 */
const BROWSER = {
  'user-agent':
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

/** What a serving child prints once, on its first line of output. */
interface Target {
  url: string;
  headers: Record<string, string>;
  /** Bytes of the 200 body the 304 saves. */
  listBytes: number;
}

// ---- serving side (a child process) ----

async function serveBare(): Promise<Target> {
  const app = Fastify({ logger: false });
  const tag = 'W/"1.42.bare"';
  app.get('/api/contact', async (request, reply) => {
    reply.header('ETag', tag).header('Cache-Control', 'no-cache, private');
    if (request.headers['if-none-match'] === tag) return reply.code(304).send();
    return [];
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/contact`, headers: { 'if-none-match': tag }, listBytes: 2 };
}

/** The real app, a member with CONTACTS saved contacts, and the tag of their list. */
async function serveApp(kind: 'pglite' | 'postgres'): Promise<Target> {
  const { app, connection, sink, close } = await startBenchAppOn(kind, POSTGRES_URL);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, async () => {
      await close();
      process.exit(0);
    });
  }

  const { email, authorization } = await signUpBenchMember(app, sink);
  const owner = await connection.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  if (CONTACTS > 0) {
    await connection.db
      .insertInto('contacts')
      .values(
        Array.from({ length: CONTACTS }, (_, index) => ({
          owner_id: owner.id,
          name: `Contact ${index}`,
          company: 'Example Ltd',
          role: 'Engineer',
          email: `contact-${index}@example.test`,
          notes: 'Met at the conference; talked about offline-first apps.',
          lat: 51.5,
          lng: -0.12,
          // As a save names the place: a contact without it is named after listening, which would
          // move the list's tag under the bench.
          where_met: 'London, United Kingdom',
        })),
      )
      .execute();
  }
  const list = await app.inject({ method: 'GET', url: '/api/contact', headers: { authorization } });
  const tag = String(list.headers.etag);

  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/contact`,
    headers: { authorization, 'if-none-match': tag },
    listBytes: list.rawPayload.length,
  };
}

// ---- measuring side ----

interface Server {
  child: ChildProcess;
  target: Target;
  /** CPU time (user + system) the server process has used so far, in microseconds. */
  cpuMicros(): Promise<number>;
  /**
   * Asks the server to start its CPU or heap profiler, or to stop it and write the profile to a file;
   * a heap profile's stop answers the bytes it saw allocated.
   */
  profile(kind: 'cpu' | 'heap', command: 'start' | { stopInto: string }): Promise<number>;
}

function startServer(kind: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, 'serve', kind], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const nextLine = () => new Promise<string>((resolve) => lines.once('line', resolve));
  const ask = async (command: string) => {
    const answer = nextLine();
    child.stdin?.write(`${command}\n`);
    return answer;
  };
  const cpuMicros = async () => {
    const usage = JSON.parse(await ask('cpu')) as NodeJS.CpuUsage;
    return usage.user + usage.system;
  };
  const profile = async (kind: 'cpu' | 'heap', command: 'start' | { stopInto: string }) => {
    const answer = await ask(command === 'start' ? `${kind}-start` : `${kind}-stop ${command.stopInto}`);
    return (JSON.parse(answer) as { bytes?: number }).bytes ?? 0;
  };
  return new Promise((resolve, reject) => {
    nextLine().then(
      (line) => resolve({ child, target: JSON.parse(line) as Target, cpuMicros, profile }),
      reject,
    );
    child.once('exit', (code) =>
      reject(new Error(`the ${kind} server exited (${code}) before it was ready`)),
    );
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Figures {
  requests: number;
  requestsPerSecond: number;
  /** Server CPU per request: unlike requests/second, it barely moves when other jobs load the machine. */
  cpuMicrosPerRequest: number;
  p50Ms: number;
  p99Ms: number;
  statuses: string;
}

async function measure(server: Server, headers: Record<string, string>, seconds: number): Promise<Figures> {
  const cpuBefore = await server.cpuMicros();
  const result = await autocannon({
    url: server.target.url,
    headers: { ...BROWSER, ...headers },
    connections: CONNECTIONS,
    duration: seconds,
  });
  const cpu = (await server.cpuMicros()) - cpuBefore;
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ');
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / (result.duration || seconds),
    cpuMicrosPerRequest: cpu / Math.max(result.requests.total, 1),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    statuses: result.errors + result.timeouts === 0 ? statuses : `${statuses}, ${result.errors} errors`,
  };
}

interface Measurement {
  name: string;
  server: Server;
  headers: Record<string, string>;
  rounds: Figures[];
  /** Bytes allocated per request, from the heap profile's round (BENCH_HEAP_PROF). */
  allocatedPerRequest?: number;
}

/**
 * All servers start first, then every measurement runs once per round, in turn: a machine whose
 * load drifts (other jobs on a shared CI runner) then weighs on every row alike, and the share of
 * bare is taken within each round before the median.
 */
async function run(): Promise<void> {
  const kinds: ('bare' | 'pglite' | 'postgres')[] = ['bare', 'pglite'];
  if (POSTGRES_URL) kinds.push('postgres');
  const servers = await Promise.all(kinds.map((kind) => startServer(kind)));
  const measurements: Measurement[] = [];
  try {
    for (const [index, kind] of kinds.entries()) {
      const server = servers[index];
      if (!server) continue;
      const { target } = server;
      await measure(server, target.headers, WARM_UP_SECONDS);
      const label = kind === 'bare' ? 'bare Fastify route' : `GET /api/contact on ${kind}`;
      measurements.push({ name: `${label}, 304`, server, headers: target.headers, rounds: [] });
      if (kind !== 'bare') {
        const { 'if-none-match': _, ...withoutTag } = target.headers;
        const size = `${CONTACTS} contacts, ${(target.listBytes / 1024).toFixed(1)} KiB`;
        measurements.push({ name: `${label}, 200 (${size})`, server, headers: withoutTag, rounds: [] });
      }
    }
    for (const dir of [PROFILE_DIR, HEAP_PROFILE_DIR]) if (dir) mkdirSync(dir, { recursive: true });
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const measurement of measurements) {
        const { server } = measurement;
        const file = (dir: string, extension: string) =>
          `${dir}/${measurement.name.replace(/[^\w]+/g, '-').replace(/-+$/, '')}.${extension}`;
        const cpuDir = round === 0 ? PROFILE_DIR : undefined;
        const heapDir = round === HEAP_PROFILE_ROUND ? HEAP_PROFILE_DIR : undefined;
        if (cpuDir) await server.profile('cpu', 'start');
        if (heapDir) await server.profile('heap', 'start');
        const figures = await measure(server, measurement.headers, SECONDS);
        measurement.rounds.push(figures);
        if (cpuDir) await server.profile('cpu', { stopInto: file(cpuDir, 'cpuprofile') });
        if (heapDir) {
          const bytes = await server.profile('heap', { stopInto: file(heapDir, 'heapprofile') });
          measurement.allocatedPerRequest = bytes / Math.max(figures.requests, 1);
        }
      }
    }
  } finally {
    await Promise.all(servers.map(({ child }) => stopServer(child)));
  }

  const [bare] = measurements;
  const shareOfBare = (measurement: Measurement) =>
    median(
      measurement.rounds.map(
        (figures, round) =>
          figures.requestsPerSecond / (bare?.rounds[round]?.requestsPerSecond ?? Number.NaN),
      ),
    );
  const cpuOf = (measurement: Measurement) =>
    median(measurement.rounds.map((figures) => figures.cpuMicrosPerRequest));
  // What the server alone could answer on one core: the share of bare that load on the machine does not blur.
  const cpuShareOfBare = (measurement: Measurement) => (bare ? cpuOf(bare) : Number.NaN) / cpuOf(measurement);
  const [load1, load5] = loadavg();
  console.log(
    `\nContacts revalidation: ${CONNECTIONS} keep-alive connections, median of ${ROUNDS} rounds of ${SECONDS} s, ` +
      `Node ${process.version}, ${cpus().length} CPUs, load average ${load1?.toFixed(1)} / ${load5?.toFixed(1)} at the end\n`,
  );
  const header = [
    '',
    'req/s',
    'vs bare',
    'server CPU µs/req',
    'vs bare by CPU',
    'p50 ms',
    'p99 ms',
    'responses (last round)',
  ];
  const table = measurements.map((measurement) => [
    measurement.name,
    median(measurement.rounds.map((figures) => figures.requestsPerSecond)).toFixed(0),
    `${(shareOfBare(measurement) * 100).toFixed(0)} %`,
    cpuOf(measurement).toFixed(0),
    `${(cpuShareOfBare(measurement) * 100).toFixed(0)} %`,
    median(measurement.rounds.map((figures) => figures.p50Ms)).toFixed(1),
    median(measurement.rounds.map((figures) => figures.p99Ms)).toFixed(1),
    measurement.rounds.at(-1)?.statuses ?? '',
  ]);
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...table.map((line) => (line[column] ?? '').length)),
  );
  for (const line of [header, ...table]) {
    console.log(line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
  }
  console.log('\nEvery round (req/s · server CPU µs/req):');
  for (const measurement of measurements) {
    const rounds = measurement.rounds.map(
      (figures) => `${figures.requestsPerSecond.toFixed(0)} · ${figures.cpuMicrosPerRequest.toFixed(0)}`,
    );
    console.log(`${measurement.name}: ${rounds.join(', ')}`);
  }
  if (!POSTGRES_URL) console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL to include it.');
  for (const { name, allocatedPerRequest } of measurements) {
    if (allocatedPerRequest === undefined) continue;
    console.log(
      `${name}: ${(allocatedPerRequest / 1000).toFixed(1)} KB allocated per request (heap profile)`,
    );
  }
  // The list's budget: at most 1 ms of server CPU per 100 contacts (BENCH_CONTACTS sets how many).
  for (const measurement of measurements.filter(({ name }) => name.includes(', 200 '))) {
    const perHundred = cpuOf(measurement) / (CONTACTS / 100);
    console.log(
      `${measurement.name}: ${perHundred.toFixed(0)} µs of server CPU per 100 contacts ` +
        `(budget ≤ ${LIST_BUDGET_MICROS_PER_100} µs): ${perHundred <= LIST_BUDGET_MICROS_PER_100 ? 'within' : 'OVER'} budget`,
    );
  }
  for (const measurement of measurements.slice(1).filter(({ name }) => name.endsWith(', 304'))) {
    const share = shareOfBare(measurement);
    const cpuShare = cpuShareOfBare(measurement);
    console.log(
      `${measurement.name}: ${(share * 100).toFixed(0)} % of bare by requests/second, ${(cpuShare * 100).toFixed(0)} % by server CPU ` +
        `(budget ≥ ${BUDGET_SHARE * 100} %): ${Math.min(share, cpuShare) >= BUDGET_SHARE ? 'within' : 'OVER'} budget (both must hold)`,
    );
  }
}

/** What a sampling heap profile saw allocated: every node's own bytes, over the whole tree. */
function allocatedBytes(node: { selfSize: number; children: (typeof node)[] }): number {
  return node.children.reduce((sum, child) => sum + allocatedBytes(child), node.selfSize);
}

if (process.argv[2] === 'serve') {
  const kind = process.argv[3];
  const target =
    kind === 'bare' ? await serveBare() : await serveApp(kind === 'postgres' ? 'postgres' : 'pglite');
  console.log(JSON.stringify(target));
  // The measuring process asks for this process's CPU time around each measurement, and for profiles.
  const profiler = new Session();
  profiler.connect();
  createInterface({ input: process.stdin }).on('line', async (line) => {
    const [command, file] = line.split(' ');
    if (command === 'cpu-start') {
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
      console.log('{}');
    } else if (command === 'cpu-stop' && file) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      console.log('{}');
    } else if (command === 'heap-start') {
      await profiler.post('HeapProfiler.enable');
      await profiler.post('HeapProfiler.startSampling', {
        samplingInterval: HEAP_SAMPLING_BYTES,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      console.log('{}');
    } else if (command === 'heap-stop' && file) {
      const { profile } = await profiler.post('HeapProfiler.stopSampling');
      writeFileSync(file, JSON.stringify(profile));
      console.log(JSON.stringify({ bytes: allocatedBytes(profile.head) }));
    } else {
      console.log(JSON.stringify(process.cpuUsage()));
    }
  });
} else {
  await run();
}
