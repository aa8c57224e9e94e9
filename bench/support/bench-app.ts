// The app as a bench measures it: quiet, with no static files, mailing to an SMTP sink so members can sign
// up. `startBenchAppOn` also makes the bench database (database-target.ts) and the sink, and `close` stops
// it all and removes the database.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/platform/app';
import { readConfig } from '../../server/platform/config';
import {
  type DatabaseConnection,
  type DatabaseTarget,
  openDatabase,
} from '../../server/platform/db/connection';
import { type SmtpSink, startSmtpSink } from '../../tests/support/smtp-sink';
import { benchDatabase } from './database-target';

export interface BenchAppOnDatabase {
  app: FastifyInstance;
  connection: DatabaseConnection;
  sink: SmtpSink;
  close(): Promise<void>;
}

/** The app on `target`, mailing to `sink`; `env` adds to its configuration. */
export async function buildBenchApp(
  target: DatabaseTarget,
  sink: SmtpSink,
  env: Record<string, string> = {},
) {
  const connection = await openDatabase(target);
  const config = readConfig({
    SMTP_URL: sink.smtpUrl,
    STATIC_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({ config, connection, logger: false, housekeeping: false });
  return { app, connection };
}

/** `postgresUrl` names the server for `postgres` (BENCH_DATABASE_URL); `env` adds to the app's configuration. */
export async function startBenchAppOn(
  kind: 'pglite' | 'postgres',
  postgresUrl: string | undefined,
  env: Record<string, string> = {},
): Promise<BenchAppOnDatabase> {
  if (kind === 'postgres' && !postgresUrl) throw new Error('BENCH_DATABASE_URL is not set');
  const database = await benchDatabase(kind, postgresUrl ?? '');
  const sink = await startSmtpSink();
  const { app, connection } = await buildBenchApp(database.target, sink, env);
  return {
    app,
    connection,
    sink,
    async close() {
      await app.close();
      await sink.close();
      await database.cleanup();
    },
  };
}
