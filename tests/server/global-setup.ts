// Builds one migrated PGlite snapshot for the whole run: each test file starts from it in well under a second.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { wrapPglite } from '../../server/platform/db/connection';
import { migrate } from '../../server/platform/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'tapnet-pglite-'));
  const pglite = await PGlite.create();
  await migrate(wrapPglite(pglite));
  const snapshotPath = join(dir, 'snapshot.tar');
  writeFileSync(snapshotPath, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteSnapshotPath', snapshotPath);
  return () => rmSync(dir, { recursive: true, force: true });
}
