// Starts Tapnet: reads the configuration, opens the database, listens, and shuts down cleanly on a signal.
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from './app';
import { readConfig } from './config';
import { type DatabaseConnection, DataDirNotWritableError, openDatabase } from './db/connection';
import { DataDirInUseError } from './db/data-dir-lock';
import { warmPlaceWords } from './geo/place-words';
import { backfillPlaceWords } from './modules/contacts/place-backfill';

const config = readConfig();
const connection = await openOrExplain();
const app = await buildApp({ config, connection });

let isClosing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`Tapnet is serving ${config.publicUrl} on ${await describeStore()}`);

// The towns for "Met near …" are read now rather than on the first save, then contacts saved before
// the words existed get theirs; both after listening, so start-up is not held up.
warmPlaceWords();
backfillPlaceWords(app.ctx.db).then(
  (filled) => filled > 0 && app.log.info({ filled }, 'added place words to contacts'),
  (error: unknown) =>
    app.log.warn({ err: error }, 'adding place words to contacts failed; retried at next start'),
);

/** A data directory held by another process, or not writable, is an operator's mistake: say so and stop. */
async function openOrExplain(): Promise<DatabaseConnection> {
  try {
    return await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: resolve(config.dataDir) },
    );
  } catch (error) {
    if (!(error instanceof DataDirInUseError || error instanceof DataDirNotWritableError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Read back from the database itself, so the log shows whether commits really are durable. */
async function describeStore(): Promise<string> {
  if (connection.kind === 'postgres') return 'PostgreSQL';
  const { rows } = await sql<{ fsync: string }>`SHOW fsync`.execute(connection.db);
  return `PGlite in ${resolve(config.dataDir)} (fsync ${rows[0]?.fsync ?? 'unknown'})`;
}
