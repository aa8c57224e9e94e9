// The worker thread's side of `readFeedOffThread`: reads one feed and posts the entries back.
import { parentPort, workerData } from 'node:worker_threads';
import type { InsightKind } from '../../../../contract/insights';
import type { FeedLimits } from './feed-limits';
import { readFeed } from './read-feed';

export interface ReadFeedJob {
  kind: InsightKind;
  text: string;
  now: Date;
  limits: FeedLimits;
}

const job = workerData as ReadFeedJob;
try {
  parentPort?.postMessage({ status: 'read', feed: readFeed(job.kind, job.text, job.now, job.limits) });
} catch (error) {
  parentPort?.postMessage({ status: 'failed', reason: (error as Error).message });
}
