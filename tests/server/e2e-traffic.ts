// The e2e suite's own traffic as the security rules saw it (`npm run record:e2e-traffic`): one entry per
// distinct request shape, with how many recorded requests it stands for. Read by security-traffic.test.ts.
import { readFileSync } from 'node:fs';
import type { RecordedRequest } from '../../server/platform/security/traffic-recorder';

export const FIXTURE_PATH = 'tests/server/fixtures/e2e-traffic.json';

export type RecordedEntry = Omit<RecordedRequest, 'at'> & { count: number };

export interface E2eTrafficFixture {
  /** Requests recorded in the run, test attacks left out. */
  requests: number;
  entries: RecordedEntry[];
}

export function readE2eTraffic(): E2eTrafficFixture {
  return JSON.parse(readFileSync(FIXTURE_PATH, 'utf8')) as E2eTrafficFixture;
}
