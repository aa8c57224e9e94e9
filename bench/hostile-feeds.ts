// The server under the three hostile feeds of tests/server/hostile-feeds.test.ts (an 8,000-event
// calendar, a 20,000-item RSS, 5 MiB of markup), served on loopback: the real server (`npm start`'s
// code, as a child process) reads them at start while the bench asks /api/health/live every 25 ms. Each
// run prints health's answer times (median, p99, slowest) from the first answer until the refresh is
// done and for as many answers after it, and what the server logged for the pass ("feeds refreshed":
// how long it took and the process's CPU time meanwhile, the feed reader's thread included); then the
// medians. It is not a test.
//
//   npm run bench:hostile-feeds
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run bench:hostile-feeds
//
// BENCH_RUNS (default 3) runs per store; PGlite runs on a new DATA_DIR each run. BENCH_SERVER_FLAGS are
// Node options for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see what a stall is.
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { hostileFeedsEnv, percentile, probeHealth, serveHostileFeeds } from '../tests/support/hostile-feeds';
import { startLoopbackServer } from '../tests/support/loopback-server';
import { startServer } from '../tests/support/server-process';
import { benchDatabase } from './support/database-target';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL;
const REFRESH_TIMEOUT_MS = 600_000;
const SERVER_FLAGS = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);

interface Run {
  duringMedianMs: number;
  duringP99Ms: number;
  duringSlowestMs: number;
  answers: number;
  afterMedianMs: number;
  afterP99Ms: number;
  refreshSeconds: number;
  cpuSeconds: number;
}

/** The server's own figures for the pass, from its "feeds refreshed" log line. */
function refreshFigures(output: string): { tookMs: number; cpuMs: number } | undefined {
  const line = output.split('\n').find((one) => one.includes('"msg":"feeds refreshed"'));
  return line ? (JSON.parse(line) as { tookMs: number; cpuMs: number }) : undefined;
}

async function measureRun(kind: 'pglite' | 'postgres', feedsEnv: Record<string, string>): Promise<Run> {
  const { target, cleanup } = await benchDatabase(kind, POSTGRES_URL ?? '');
  const store: Record<string, string> =
    'databaseUrl' in target
      ? { DATABASE_URL: target.databaseUrl }
      : { DATA_DIR: 'dataDir' in target ? target.dataDir : '' };
  try {
    const server = await startServer({ ...store, ...feedsEnv, LOG_LEVEL: 'info' }, SERVER_FLAGS);
    try {
      const during = probeHealth(server.url);
      const deadline = Date.now() + REFRESH_TIMEOUT_MS;
      let refresh = refreshFigures(server.output());
      while (!refresh) {
        if (Date.now() > deadline) throw new Error(`no refresh within ${REFRESH_TIMEOUT_MS} ms`);
        await sleep(50);
        refresh = refreshFigures(server.output());
      }
      const duringTimes = await during.stop();
      // The same number of answers from the same server once the feeds are read: the baseline.
      const after = probeHealth(server.url);
      await sleep(duringTimes.length * 27);
      const afterTimes = await after.stop();
      return {
        duringMedianMs: percentile(duringTimes, 0.5),
        duringP99Ms: percentile(duringTimes, 0.99),
        duringSlowestMs: percentile(duringTimes, 1),
        answers: duringTimes.length,
        afterMedianMs: percentile(afterTimes, 0.5),
        afterP99Ms: percentile(afterTimes, 0.99),
        refreshSeconds: refresh.tookMs / 1000,
        cpuSeconds: refresh.cpuMs / 1000,
      };
    } finally {
      await server.stop('SIGTERM');
    }
  } finally {
    await cleanup();
  }
}

const format = (run: Run) =>
  `health during ${run.duringMedianMs.toFixed(1)} / p99 ${run.duringP99Ms.toFixed(1)} / slowest ${run.duringSlowestMs.toFixed(0)} ms ` +
  `(${run.answers} answers), after ${run.afterMedianMs.toFixed(1)} / p99 ${run.afterP99Ms.toFixed(1)} ms; ` +
  `refresh ${run.refreshSeconds.toFixed(1)} s, server CPU ${run.cpuSeconds.toFixed(1)} s`;

const publisher = await startLoopbackServer();
try {
  const feedsEnv = hostileFeedsEnv(serveHostileFeeds(publisher));
  console.log(
    `Hostile feeds: ${RUNS} runs per store, Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(1)} at the start`,
  );
  const stores: Array<'pglite' | 'postgres'> = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];
  if (!POSTGRES_URL) console.log('  (set BENCH_DATABASE_URL to measure on PostgreSQL too)');
  for (const kind of stores) {
    const runs: Run[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      runs.push(await measureRun(kind, feedsEnv));
      console.log(`  ${kind} run ${run}: ${format(runs.at(-1) as Run)} (load ${loadavg()[0]?.toFixed(1)})`);
    }
    const median = (key: keyof Run) =>
      percentile(
        runs.map((run) => run[key]),
        0.5,
      );
    const medians = Object.fromEntries(
      (Object.keys(runs[0] ?? {}) as (keyof Run)[]).map((key) => [key, median(key)]),
    ) as unknown as Run;
    console.log(`${kind} median: ${format(medians)}`);
  }
} finally {
  await publisher.close();
}
