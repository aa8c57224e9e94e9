// A new PGlite DATA_DIR starts as a copy of a migrated data directory that `npm run build` made,
// instead of running initdb and every migration inside the server: initdb is a WebAssembly program of
// its own, and compiling and running it made the first start peak at about 800 MB (docs/budgets.md
// "Server memory"). A file copy costs the server no memory (PGlite's own loadDataDir, from a tarball,
// left about 120 MB of buffers behind). Migrations newer than the template still run at start.
import { closeSync, copyFileSync, cpSync, existsSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where `npm run build` makes the template (dist-server/ at the top of the checkout). */
export const DATA_DIR_TEMPLATE = resolve(import.meta.dirname, '../../../dist-server/pglite-data-dir');

const holdsDatabase = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/**
 * Copies the template into `dataDir` when that holds no database yet and the build made one; without
 * one (tests, `npm run dev` before a build) PGlite runs initdb as before. PG_VERSION, which says a
 * database is there, is copied last, once everything else is on the disk: a copy cut short (a crash,
 * a power cut) is made again at the next start.
 */
export function startFromTemplate(dataDir: string, template = DATA_DIR_TEMPLATE): void {
  if (holdsDatabase(dataDir) || !holdsDatabase(template)) return;
  const versionFile = join(template, 'PG_VERSION');
  cpSync(template, dataDir, { recursive: true, filter: (source) => source !== versionFile });
  syncTree(dataDir);
  copyFileSync(versionFile, join(dataDir, 'PG_VERSION'));
  syncPath(join(dataDir, 'PG_VERSION'));
  syncPath(dataDir);
}

/** fsync() on one file or directory (a directory's, for the names in it). */
function syncPath(path: string): void {
  const descriptor = openSync(path, 'r');
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** fsync() on a directory and everything in it. */
function syncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) syncTree(path);
    else if (entry.isFile()) syncPath(path);
  }
  syncPath(dir);
}
