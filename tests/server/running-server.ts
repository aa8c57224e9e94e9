// A real server process for the tests of one describe block, on a database of its own, started before
// them and stopped after: the command-line tests run their commands beside it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type ServerProcess, startServer } from '../support/server-process';
import { createThrowawayDatabase } from '../support/throwaway-postgres';

export interface RunningServer {
  /** The server; throws when it did not start. */
  server(): ServerProcess;
  /** The environment it was started with, which a command beside it needs too. */
  env(): Record<string, string>;
}

/**
 * `database`: PGlite in a temporary DATA_DIR named after `prefix`, or a throwaway PostgreSQL database
 * on the server `adminUrl` points at.
 */
export function runningServerPerBlock(
  database: { pglite: string } | { postgres: string; adminUrl: string },
  extraEnv: Record<string, string>,
  timeoutMs: number,
): RunningServer {
  let server: ServerProcess | undefined;
  let env: Record<string, string> = {};
  let removeDatabase = async () => {};

  beforeAll(async () => {
    if ('pglite' in database) {
      const dataDir = mkdtempSync(join(tmpdir(), `${database.pglite}-`));
      env = { DATA_DIR: dataDir, ...extraEnv };
      removeDatabase = async () => rmSync(dataDir, { recursive: true, force: true });
    } else {
      const throwaway = await createThrowawayDatabase(database.adminUrl, database.postgres);
      env = { DATABASE_URL: throwaway.url, ...extraEnv };
      removeDatabase = throwaway.drop;
    }
    server = await startServer(env);
  }, timeoutMs);

  afterAll(async () => {
    await server?.stop('SIGTERM');
    await removeDatabase();
  });

  return {
    server() {
      if (!server) throw new Error('no server');
      return server;
    },
    env: () => env,
  };
}
