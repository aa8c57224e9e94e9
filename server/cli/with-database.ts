// What every command-line tool on Tapnet's database starts with: the server's own configuration, the
// database it names (DATABASE_URL, else DATA_DIR), migrated as the server would, and closed however the
// tool ends.
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { type Config, readConfig } from '../platform/config';
import { openDatabase } from '../platform/db/connection';
import { migrate } from '../platform/db/migrate';
import type { Database } from '../platform/db/schema';

export async function withDatabase<T>(
  work: (db: Kysely<Database>, config: Config) => Promise<T>,
): Promise<T> {
  const config = readConfig();
  const connection = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: resolve(config.dataDir) },
  );
  try {
    await migrate(connection);
    return await work(connection.db, config);
  } finally {
    await connection.close();
  }
}
