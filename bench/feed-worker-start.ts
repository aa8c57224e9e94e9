// What a feed read pays to start its worker thread (server/modules/insights/feeds/read-feed-off-thread.ts):
// the source through tsx, as the server from source starts it, against the worker `npm run build`
// compiles beside the compiled server (scripts/build-server.ts), as `npm start` starts it. Each run starts
// both in turn, each reading the same small RSS, and times from the Worker's creation to its answer.
// Prints every run and the medians; it is not a test.
//
//   npm run bench:feed-worker
//
// BENCH_RUNS (default 7) tunes it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildServerBundle } from '../scripts/build-server';
import { type FeedWorker, feedWorker } from '../server/modules/insights/feeds/read-feed-off-thread';
import type { ReadFeedJob } from '../server/modules/insights/feeds/read-feed-worker';
import { median } from './support/figures';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const stories = [1, 2, 3].map(
  (story) =>
    `<item><title>Story ${story}</title><link>https://news.test/${story}</link><pubDate>${new Date().toUTCString()}</pubDate></item>`,
);
const JOB: ReadFeedJob = {
  kind: 'news',
  text: `<?xml version="1.0"?><rss version="2.0"><channel><title>Bench</title>${stories.join('')}</channel></rss>`,
  now: new Date(),
  limits: { maxItems: 2_000, maxOccurrences: 5_000, maxItemChars: 20_000, parseBudgetMs: 20_000 },
};

/** Milliseconds from the worker's creation to its answer, which must be the feed read. */
async function timeWorker({ file, execArgv }: FeedWorker): Promise<number> {
  const startedAt = performance.now();
  const worker = new Worker(file, { workerData: JOB, execArgv });
  const answer = await new Promise<{ status: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const took = performance.now() - startedAt;
  await worker.terminate();
  if (answer.status !== 'read')
    throw new Error(`the worker did not read the feed: ${JSON.stringify(answer)}`);
  return took;
}

// Inside the checkout, as dist-server/ is: the compiled files load their packages from node_modules.
mkdirSync('.tmp', { recursive: true });
const outDir = mkdtempSync(join('.tmp', 'bench-feed-worker-'));
try {
  await buildServerBundle(outDir);
  const source = feedWorker(undefined);
  const compiled = feedWorker(pathToFileURL(join(outDir, 'main.js')).href);
  console.log(`Feed worker start, reading a 3-story RSS, ${RUNS} runs, the two in turn`);
  const times = { source: [] as number[], compiled: [] as number[] };
  for (let run = 1; run <= RUNS; run += 1) {
    times.source.push(await timeWorker(source));
    times.compiled.push(await timeWorker(compiled));
    console.log(
      `  run ${run}   source through tsx ${times.source.at(-1)?.toFixed(0)} ms   compiled ${times.compiled.at(-1)?.toFixed(0)} ms`,
    );
  }
  const [sourceMs, compiledMs] = [median(times.source), median(times.compiled)];
  console.log(
    `  median: source through tsx ${sourceMs.toFixed(0)} ms, compiled ${compiledMs.toFixed(0)} ms (${(sourceMs / compiledMs).toFixed(1)}×)`,
  );
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
