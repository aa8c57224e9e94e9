// Applies migrations/NNN_name.sql in order, each in its own transaction, recorded in schema_migrations.
// Processes starting together on one PostgreSQL take turns (an advisory lock): the first applies them,
// the others find them applied.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { DatabaseConnection } from './connection';

export const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

export async function migrate(connection: DatabaseConnection): Promise<string[]> {
  return (await connection.withLock('tapnet:migrations', () => applyPending(connection))) ?? [];
}

async function applyPending(connection: DatabaseConnection): Promise<string[]> {
  const { db } = connection;
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  const applied = new Set(
    (await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(db)).rows.map(
      (row) => row.version,
    ),
  );
  const pending = readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .filter((file) => !applied.has(file));
  for (const file of pending) {
    const script = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
    // The version is a file name matched above, so it is safe to inline.
    await connection.runScript(`${script}\n;INSERT INTO schema_migrations (version) VALUES ('${file}');`);
  }
  return pending;
}
