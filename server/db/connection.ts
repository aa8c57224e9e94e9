// Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite on disk or in memory.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { createDurablePglite } from './durable-pglite';
import type { Database } from './schema';

export interface DatabaseConnection {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** Runs a multi-statement SQL script in one transaction (migrations need this; Kysely sends one statement). */
  runScript(script: string): Promise<void>;
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
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
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
    close: () => db.destroy(),
  };
}

async function openPglite(
  target: { dataDir: string } | { inMemory: true; snapshot?: Blob },
): Promise<DatabaseConnection> {
  if (!('dataDir' in target)) return wrapPglite(await PGlite.create({ loadDataDir: target.snapshot }));
  mkdirSync(target.dataDir, { recursive: true });
  const lock = lockDataDir(target.dataDir);
  try {
    const connection = wrapPglite(await createDurablePglite(target.dataDir));
    return {
      ...connection,
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
    close: () => db.destroy(),
  };
}
