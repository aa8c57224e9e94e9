// A new PGlite DATA_DIR starts as a copy of the migrated data directory `npm run build` makes
// (server/platform/db/data-dir-template.ts): the database it holds must be the one initdb and every
// migration would have made, in the DATA_DIR given, and a directory that already holds a database is
// never touched.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDataDirTemplate } from '../../scripts/build-server';
import { type DatabaseConnection, openDatabase } from '../../server/platform/db/connection';
import { startFromTemplate } from '../../server/platform/db/data-dir-template';
import { migrate } from '../../server/platform/db/migrate';

const TEMPLATE_TEST_TIMEOUT_MS = 120_000;

/** Everything a migration makes that the app relies on, in a stable order. */
async function schemaOf(connection: DatabaseConnection): Promise<unknown> {
  const { db } = connection;
  const columns = await sql`
    SELECT table_name, column_name, data_type, column_default, is_nullable
    FROM information_schema.columns WHERE table_schema = 'public'
    ORDER BY table_name, column_name`.execute(db);
  const indexes = await sql`
    SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
    ORDER BY tablename, indexname`.execute(db);
  const constraints = await sql`
    SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
    FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    ORDER BY 1, 2`.execute(db);
  const functions = await sql`
    SELECT proname, pg_get_functiondef(oid) AS definition FROM pg_proc
    WHERE pronamespace = 'public'::regnamespace ORDER BY 1`.execute(db);
  const triggers = await sql`
    SELECT tgrelid::regclass::text AS table_name, tgname FROM pg_trigger WHERE NOT tgisinternal
    ORDER BY 1, 2`.execute(db);
  const migrations = await sql`SELECT version FROM schema_migrations ORDER BY version`.execute(db);
  return {
    columns: columns.rows,
    indexes: indexes.rows,
    constraints: constraints.rows,
    functions: functions.rows,
    triggers: triggers.rows,
    migrations: migrations.rows,
  };
}

describe('a new DATA_DIR started from the build’s template', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'tapnet-data-dir-template-'));
  const template = join(scratch, 'template');
  beforeAll(() => makeDataDirTemplate(template), TEMPLATE_TEST_TIMEOUT_MS);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it(
    'holds, in that DATA_DIR, the schema and migrations a migrated database has, and keeps what is saved in it',
    async () => {
      const dataDir = join(scratch, 'new');
      startFromTemplate(dataDir, template);
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);

      const started = await openDatabase({ dataDir });
      const migrated = await openDatabase({ inMemory: true });
      try {
        expect(await migrate(started)).toEqual([]);
        await migrate(migrated);
        const schema = await schemaOf(started);
        expect(schema).toEqual(await schemaOf(migrated));
        expect((schema as { migrations: unknown[] }).migrations.length).toBeGreaterThan(30);
        await sql`INSERT INTO users (name, email, password_hash)
          VALUES ('Ada', 'ada@example.com', 'x')`.execute(started.db);
      } finally {
        await Promise.all([started.close(), migrated.close()]);
      }

      startFromTemplate(dataDir, template);
      const reopened = await openDatabase({ dataDir });
      try {
        const users = await sql<{ email: string }>`SELECT email FROM users`.execute(reopened.db);
        expect(users.rows).toEqual([{ email: 'ada@example.com' }]);
      } finally {
        await reopened.close();
      }
    },
    TEMPLATE_TEST_TIMEOUT_MS,
  );

  it(
    'copies again a copy that was cut short before it was whole',
    async () => {
      const dataDir = join(scratch, 'cut-short');
      startFromTemplate(dataDir, template);
      rmSync(join(dataDir, 'PG_VERSION'));
      rmSync(join(dataDir, 'global'), { recursive: true });

      startFromTemplate(dataDir, template);
      const connection = await openDatabase({ dataDir });
      try {
        expect(await migrate(connection)).toEqual([]);
      } finally {
        await connection.close();
      }
    },
    TEMPLATE_TEST_TIMEOUT_MS,
  );
});
