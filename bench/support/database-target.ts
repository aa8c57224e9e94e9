// Where a bench's app keeps its data: a throwaway database on the PostgreSQL server of `postgresUrl`,
// or PGlite in a temporary directory on disk (as the server runs by default, DATA_DIR). `cleanup` drops
// or deletes it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseTarget } from '../../server/platform/db/connection';
import { createThrowawayDatabase } from '../../tests/support/throwaway-postgres';

export async function benchDatabase(
  kind: 'pglite' | 'postgres',
  postgresUrl: string,
): Promise<{ target: DatabaseTarget; cleanup: () => Promise<void> | void }> {
  if (kind === 'postgres') {
    const database = await createThrowawayDatabase(postgresUrl, 'tapnet_bench');
    return { target: { databaseUrl: database.url }, cleanup: database.drop };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tapnet-bench-'));
  return { target: { dataDir }, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}
