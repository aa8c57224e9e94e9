// `npm run db:backup -- FILE` and `npm run db:restore -- FILE`: a whole embedded database (DATA_DIR) as
// one compressed file, and back into a new data directory. The embedded database belongs to one process,
// so both need Tapnet stopped and say so when it is not. On PostgreSQL, pg_dump and pg_restore do this
// (docs/operations.md, backups).
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { readConfig } from '../platform/config';
import { ensureWritableDataDir, wrapPglite } from '../platform/db/connection';
import { DataDirInUseError, LOCK_FILE_NAME, lockDataDir } from '../platform/db/data-dir-lock';
import { createDurablePglite } from '../platform/db/durable-pglite';
import { migrate } from '../platform/db/migrate';

const USAGE = `Usage (embedded database, in DATA_DIR):
  npm run db:backup -- FILE    write the whole database to FILE (Tapnet stopped)
  npm run db:restore -- FILE   start a new, empty DATA_DIR from FILE (Tapnet stopped)`;

const POSTGRES_HINT = `DATABASE_URL is set: Tapnet is on PostgreSQL, whose own tools back it up while it runs:
  pg_dump --format=custom --file=tapnet.dump "$DATABASE_URL"
  pg_restore --clean --if-exists --dbname="$DATABASE_URL" tapnet.dump`;

class CliError extends Error {}

/** What the database holds, so the operator sees at once that the backup or restore is the one meant. */
async function describeContents(pglite: PGlite): Promise<string> {
  const { rows } = await pglite.query<{ members: number; contacts: number }>(
    `SELECT (SELECT count(*)::int FROM users WHERE role = 'user') AS members,
            (SELECT count(*)::int FROM contacts) AS contacts`,
  );
  return `${rows[0]?.members ?? 0} members, ${rows[0]?.contacts ?? 0} contacts`;
}

function holdDataDir(dataDir: string) {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    throw new CliError(
      `${error.message}\nThe embedded database can be copied only while Tapnet is stopped: stop it, run this again, then start it.`,
    );
  }
}

async function backup(dataDir: string, file: string): Promise<void> {
  if (!existsSync(resolve(dataDir, 'PG_VERSION')))
    throw new CliError(`DATA_DIR ${dataDir} holds no database.`);
  const lock = holdDataDir(dataDir);
  try {
    const pglite = await createDurablePglite(dataDir);
    try {
      const dump = await pglite.dumpDataDir('gzip');
      // Written beside and renamed: a backup interrupted half-way never looks like a whole one.
      const partial = `${file}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      console.log(`Backed up ${dataDir} to ${file} (${await describeContents(pglite)}).`);
    } finally {
      await pglite.close();
    }
  } finally {
    lock.release();
  }
}

async function restore(dataDir: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new CliError(`No backup file ${file}.`);
  ensureWritableDataDir(dataDir);
  const present = readdirSync(dataDir).filter((name) => name !== LOCK_FILE_NAME);
  if (present.length > 0) {
    throw new CliError(
      `DATA_DIR ${dataDir} is not empty: a restore never overwrites a database. Move it aside, or set DATA_DIR to a new directory.`,
    );
  }
  const lock = holdDataDir(dataDir);
  try {
    const pglite = await createDurablePglite(dataDir, new Blob([readFileSync(file)]));
    try {
      // A backup from an older release is brought up to this one, as a start would.
      await migrate(wrapPglite(pglite));
      console.log(
        `Restored ${file} into ${dataDir} (${await describeContents(pglite)}). Start Tapnet with DATA_DIR=${dataDir}.`,
      );
    } finally {
      await pglite.close();
    }
  } finally {
    lock.release();
  }
}

async function main([command, file]: string[]): Promise<number> {
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error(USAGE);
    return 2;
  }
  const config = readConfig();
  if (config.databaseUrl) {
    console.error(POSTGRES_HINT);
    return 2;
  }
  const dataDir = resolve(config.dataDir);
  try {
    await (command === 'backup' ? backup(dataDir, resolve(file)) : restore(dataDir, resolve(file)));
    return 0;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(error.message);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
