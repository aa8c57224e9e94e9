// What durable commits cost in the embedded database: the same contact-sized writes, one transaction
// each (as a contact save is), on PGlite as Tapnet opens it (fsync on, every commit flushed to disk)
// and on PGlite's own defaults (fsync off). Runs alternate between the two, each on a fresh data
// directory; prints the median time per commit. Prints figures; not a test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createDurablePglite } from '../server/platform/db/durable-pglite';
import { median } from './support/figures';

const COMMITS = Number(process.env.BENCH_COMMITS ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const TABLE = `CREATE TABLE saves (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL, name text NOT NULL, company text NOT NULL, email text NOT NULL,
  notes text NOT NULL DEFAULT '', lat double precision, lng double precision,
  connected_at timestamptz NOT NULL DEFAULT now())`;

async function run(isDurable: boolean): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'tapnet-fsync-bench-'));
  const pglite = isDurable ? await createDurablePglite(dir) : await PGlite.create(dir);
  try {
    await pglite.exec(TABLE);
    const owner = crypto.randomUUID();
    const started = performance.now();
    for (let index = 0; index < COMMITS; index++) {
      await pglite.query(
        'INSERT INTO saves (owner_id, name, company, email, lat, lng) VALUES ($1, $2, $3, $4, $5, $6)',
        [owner, `Person ${index}`, 'Analytical Engines Ltd', `person-${index}@example.com`, 48.85, 2.35],
      );
    }
    return (performance.now() - started) / COMMITS;
  } finally {
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const durable: number[] = [];
const fast: number[] = [];
for (let round = 0; round < RUNS; round++) {
  durable.push(await run(true));
  fast.push(await run(false));
  console.log(
    `run ${round + 1}: fsync on ${durable.at(-1)?.toFixed(2)} ms/commit, off ${fast.at(-1)?.toFixed(2)} ms/commit`,
  );
}
const on = median(durable);
const off = median(fast);
console.log(
  `${COMMITS} commits × ${RUNS} runs, median per commit: fsync on ${on.toFixed(2)} ms, off ${off.toFixed(2)} ms ` +
    `(+${(on - off).toFixed(2)} ms, ×${(on / off).toFixed(2)}); ${Math.round(1000 / on)} vs ${Math.round(1000 / off)} commits/s`,
);
