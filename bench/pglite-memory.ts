// What PGlite alone holds and costs under different Node/V8 flags (docs/budgets.md "Server memory"): for
// each flag set, a bare Node process opens PGlite on disk as the server does (a restart of an existing
// data directory), inserts 8,000 contact-sized rows, runs 100 grouping queries and 2,000 primary-key
// reads, and prints resident memory and its peak (VmRSS / VmHWM) after each step and how long each step
// took; every run, then the medians. Prints figures; not a test.
//
//   npm run bench:pglite-memory
//   BENCH_FLAG_SETS='|--liftoff-only|--wasm-tiering-budget=1000000000' npm run bench:pglite-memory
//
// BENCH_FLAG_SETS: flag sets separated by "|" (an empty one: Node's defaults); BENCH_RUNS (default 3).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDurablePglite } from '../server/platform/db/durable-pglite';
import { median } from './support/figures';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FLAG_SETS = (process.env.BENCH_FLAG_SETS ?? '|--liftoff-only').split('|').map((set) => set.trim());
const ROWS = 8_000;

const STEPS = ['open', 'insert', 'group', 'read'] as const;
type Step = (typeof STEPS)[number];
type StepFigures = { rssMb: number; peakMb: number; ms: number };
type Run = Record<Step, StepFigures>;

function memory(): { rssMb: number; peakMb: number } {
  const status = readFileSync('/proc/self/status', 'utf8');
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM') };
}

/** The measured side: one run in this process, on a data directory made by an earlier process. */
async function measureHere(dataDir: string): Promise<Run> {
  const figures: Partial<Run> = {};
  const step = async (name: Step, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    figures[name] = { ...memory(), ms: performance.now() - started };
  };
  let pglite: Awaited<ReturnType<typeof createDurablePglite>> | undefined;
  await step('open', async () => {
    pglite = await createDurablePglite(dataDir);
  });
  if (!pglite) throw new Error('PGlite did not open');
  const db = pglite;
  await db.exec(`CREATE TABLE saves (
    id serial PRIMARY KEY, owner_id int NOT NULL, company text NOT NULL, city text NOT NULL,
    notes text NOT NULL DEFAULT '', lat double precision, lng double precision,
    connected_at timestamptz NOT NULL DEFAULT now())`);
  await step('insert', async () => {
    for (let index = 0; index < ROWS; index += 1) {
      await db.query('INSERT INTO saves (owner_id, company, city, lat, lng) VALUES ($1, $2, $3, $4, $5)', [
        index % 50,
        `Company ${index % 300}`,
        `City ${index % 40}`,
        48 + (index % 100) / 100,
        2 + (index % 70) / 100,
      ]);
    }
  });
  await step('group', async () => {
    for (let query = 0; query < 100; query += 1) {
      await db.query(
        `SELECT company, city, count(*), avg(lat), max(connected_at) FROM saves
         WHERE owner_id = $1 OR $1 < 0 GROUP BY company, city ORDER BY count(*) DESC LIMIT 20`,
        [query % 60],
      );
    }
  });
  await step('read', async () => {
    for (let read = 0; read < 2_000; read += 1) {
      await db.query('SELECT * FROM saves WHERE id = $1', [1 + ((read * 7) % ROWS)]);
    }
  });
  await db.close();
  return figures as Run;
}

function runChild(flags: string[], args: string[]): Promise<string> {
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', import.meta.filename, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      code === 0 ? resolve(output.trim()) : reject(new Error(`child exited with ${code}`)),
    );
  });
}

const format = (run: Run) =>
  STEPS.map(
    (name) =>
      `${name} ${run[name].rssMb.toFixed(0)}/${run[name].peakMb.toFixed(0)} MB ${(run[name].ms / 1000).toFixed(2)} s`,
  ).join(', ');

if (process.argv[2] === 'create') {
  // Creates the data directory (initdb) in a process of its own, so that the measured one is a restart.
  await (await createDurablePglite(process.argv[3] ?? '')).close();
} else if (process.argv[2] === 'measure') {
  console.log(JSON.stringify(await measureHere(process.argv[3] ?? '')));
} else {
  console.log(
    `PGlite alone: ${RUNS} runs per flag set, ${ROWS} rows; resident / peak MB and time after each step (load ${loadavg()[0]?.toFixed(1)})`,
  );
  for (const set of FLAG_SETS) {
    const flags = set.split(/\s+/).filter(Boolean);
    const runs: Run[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const dataDir = mkdtempSync(join(tmpdir(), 'tapnet-pglite-memory-'));
      try {
        await runChild([], ['create', dataDir]);
        runs.push(JSON.parse(await runChild(flags, ['measure', dataDir])) as Run);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
      console.log(`  [${set || 'defaults'}] run ${run}: ${format(runs.at(-1) as Run)}`);
    }
    const medians = Object.fromEntries(
      STEPS.map((name) => [
        name,
        {
          rssMb: median(runs.map((run) => run[name].rssMb)),
          peakMb: median(runs.map((run) => run[name].peakMb)),
          ms: median(runs.map((run) => run[name].ms)),
        },
      ]),
    ) as Run;
    console.log(`[${set || 'defaults'}] median: ${format(medians)} (load ${loadavg()[0]?.toFixed(1)})`);
  }
}
