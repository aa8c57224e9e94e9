// Parsing a feed is synchronous work that can take seconds (megabytes of XML, thousands of recurring
// events): it runs in a worker thread, so the server keeps answering, and is stopped when it takes
// longer than the feed's budget or when the server shuts down.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { InsightKind } from '../../../../contract/insights';
import type { ParsedFeed } from './entries';
import type { FeedLimits } from './feed-limits';
import type { ReadFeedJob } from './read-feed-worker';

export type ReadOutcome = { status: 'read'; feed: ParsedFeed } | { status: 'failed'; reason: string };

/** The worker's name as scripts/build-server.ts compiles it, beside the compiled server (`.js`). */
export const COMPILED_FEED_WORKER = 'read-feed-worker';

/**
 * The compiled server's own URL, which scripts/build-server.ts writes in; no such name exists when the
 * server runs from source through tsx.
 */
declare const COMPILED_SERVER_URL: string | undefined;

export interface FeedWorker {
  file: URL;
  execArgv: string[];
}

/**
 * The worker to start: the compiled one beside a compiled server, which starts without loading tsx and
 * compiling the reader's TypeScript again; from source, the TypeScript file through tsx (resolved from
 * here, so any working directory works).
 */
export function feedWorker(compiledServerUrl: string | undefined): FeedWorker {
  if (compiledServerUrl !== undefined)
    return { file: new URL(`${COMPILED_FEED_WORKER}.js`, compiledServerUrl), execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { file: new URL('./read-feed-worker.ts', import.meta.url), execArgv: ['--import', tsx] };
}

const WORKER = feedWorker(typeof COMPILED_SERVER_URL === 'string' ? COMPILED_SERVER_URL : undefined);

/** A feed whose entries need more heap than this is not one to read. */
const WORKER_HEAP_MB = 256;
const SHUTTING_DOWN: ReadOutcome = { status: 'failed', reason: 'The server is shutting down' };

/** The feed being read: one at a time, so that on a small machine one core stays free for requests. */
let queue: Promise<unknown> = Promise.resolve();

export function readFeedOffThread(
  kind: InsightKind,
  text: string,
  now: Date,
  limits: FeedLimits,
  signal?: AbortSignal,
): Promise<ReadOutcome> {
  const turn = queue.then(() => readInWorker({ kind, text, now, limits }, signal));
  queue = turn;
  return turn;
}

function readInWorker(job: ReadFeedJob, signal: AbortSignal | undefined): Promise<ReadOutcome> {
  const { limits } = job;
  if (signal?.aborted) return Promise.resolve(SHUTTING_DOWN);
  return new Promise((resolve) => {
    const worker = new Worker(WORKER.file, {
      workerData: job,
      execArgv: WORKER.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    const finish = (outcome: ReadOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(budget);
      signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
      void worker.terminate();
    };
    const onAbort = () => finish(SHUTTING_DOWN);
    const budget = setTimeout(
      () => finish({ status: 'failed', reason: `Reading it took longer than ${limits.parseBudgetMs} ms` }),
      limits.parseBudgetMs,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (outcome: ReadOutcome) => finish(outcome));
    worker.once('error', (error) =>
      finish({ status: 'failed', reason: `Reading it failed: ${error.message}` }),
    );
    worker.once('exit', (code) => finish({ status: 'failed', reason: `Reading it stopped (exit ${code})` }));
  });
}
