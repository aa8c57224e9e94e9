// Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite on disk or in memory.
import { accessSync, chmodSync, constants, mkdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type ChangeNotices, pgliteChangeNotices, postgresChangeNotices } from './change-notices';
import { lockDataDir } from './data-dir-lock';
import { startFromTemplate } from './data-dir-template';
import { createDurablePglite } from './durable-pglite';
import { type ConnectionLostListener, surviveLostConnections } from './lost-connections';
import type { Database } from './schema';

export interface DatabaseConnection {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** Where an embedded database keeps its files (absent in memory and on PostgreSQL). */
  dataDir?: string;
  /** Runs a multi-statement SQL script in one transaction (migrations need this; Kysely sends one statement). */
  runScript(script: string): Promise<void>;
  /**
   * Runs `work` while this process holds the named lock, so that of several processes sharing one
   * PostgreSQL only one does it at a time (a PostgreSQL advisory lock, released if the process dies).
   * `wait: false` gives up at once, answering `undefined`, when another process holds it. PGlite
   * serves one process, so there it simply runs.
   */
  withLock<T>(name: string, work: () => Promise<T>, options?: { wait?: boolean }): Promise<T | undefined>;
  /** Starts taking the database's change notices (one per app; `log` hears of their connection's loss). */
  openChangeNotices(log: (message: string) => void): ChangeNotices;
  /** The PostgreSQL pool's connections, for the metrics (PGlite has no pool). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Tells `listener` of each PostgreSQL connection that died under the server (PGlite has none to lose). */
  onConnectionLost?(listener: ConnectionLostListener): void;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { databaseUrl: string }
  | { dataDir: string }
  /** `snapshot`: a PGlite data directory dump to start from, which skips initdb (tests use it). */
  | { inMemory: true; snapshot?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseConnection> {
  return 'databaseUrl' in target ? openPostgres(target.databaseUrl) : openPglite(target);
}

function openPostgres(databaseUrl: string): DatabaseConnection {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
  const { onConnectionLost } = surviveLostConnections(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    async runScript(script) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(script);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    openChangeNotices: (log) => postgresChangeNotices(databaseUrl, log),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onConnectionLost,
    async withLock(name, work, { wait = true } = {}) {
      // The lock belongs to this one client's session; the work itself may use any other.
      const client = await pool.connect();
      try {
        if (wait) {
          await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
        } else {
          const { rows } = await client.query<{ locked: boolean }>(
            'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
            [name],
          );
          if (!rows[0]?.locked) return undefined;
        }
        try {
          return await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
        }
      } finally {
        client.release();
      }
    },
    close: () => db.destroy(),
  };
}

async function openPglite(
  target: { dataDir: string } | { inMemory: true; snapshot?: Blob },
): Promise<DatabaseConnection> {
  if (!('dataDir' in target)) return wrapPglite(await PGlite.create({ loadDataDir: target.snapshot }));
  ensureWritableDataDir(target.dataDir);
  const lock = lockDataDir(target.dataDir);
  try {
    startFromTemplate(target.dataDir);
    const connection = wrapPglite(await createDurablePglite(target.dataDir));
    return {
      ...connection,
      dataDir: resolve(target.dataDir),
      async close() {
        try {
          await connection.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** A DATA_DIR the server cannot write: an operator's set-up to fix, not a crash. */
export class DataDirNotWritableError extends Error {
  override name = 'DataDirNotWritableError';
}

/**
 * PGlite's own failure on a read-only directory says nothing of it; this says which directory and why.
 * The directory is also kept to the server's user (`keepPrivate`).
 */
export function ensureWritableDataDir(dataDir: string): void {
  const path = resolve(dataDir);
  try {
    mkdirSync(path, { recursive: true, mode: 0o700 });
    keepPrivate(path);
    accessSync(path, constants.R_OK | constants.W_OK);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? ` (${String(error.code)})` : '';
    throw new DataDirNotWritableError(
      `DATA_DIR ${path} is not writable${reason}: the embedded database keeps its files there. Give this user write access to it, or set DATA_DIR to a writable directory.`,
      { cause: error },
    );
  }
}

/**
 * The data directory holds the whole database and the break-glass requests (docs/operations.md): only the
 * server's user may enter it, as PostgreSQL insists for its own. PGlite writes its files readable and
 * writable by everyone (0666), so the directory's mode is what keeps other users out; one that let them
 * in is closed at start. A directory owned by another user is left as it is (its owner decides).
 */
function keepPrivate(path: string): void {
  const { mode, uid } = statSync(path);
  if ((mode & 0o077) !== 0 && uid === process.getuid?.()) chmodSync(path, 0o700);
}

export function wrapPglite(pglite: PGlite): DatabaseConnection {
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    async runScript(script) {
      await pglite.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    withLock: (_name, work) => work(),
    openChangeNotices: () => pgliteChangeNotices(pglite),
    close: () => db.destroy(),
  };
}
