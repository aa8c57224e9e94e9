// The start-up summary an operator reads once the server listens: the real server started as a child
// process, its log read back. No secret it was given may appear in it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../support/server-process';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../support/throwaway-postgres';

const PROCESS_TEST_TIMEOUT_MS = 180_000;

const summaryLines = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"startup"'));

/** The one log line carrying the summary, as the JSON logger wrote it (it may follow the first health answer). */
async function summaryOf(server: ServerProcess): Promise<{ msg: string; startup: Record<string, string> }> {
  const deadline = Date.now() + 30_000;
  while (summaryLines(server).length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const lines = summaryLines(server);
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0] ?? '{}');
}

describe('the start-up summary', () => {
  const started: ServerProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'tapnet-startup-'));
  let database: ThrowawayDatabase | undefined;
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop('SIGKILL')));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'on a fresh embedded install says where the data lives, that mail is not sent and that the feeds are samples',
    async () => {
      const server = await startServer({
        DATA_DIR: dataDir,
        ADMIN_EMAIL: 'owner@tapnet.test',
        ADMIN_PASSWORD: 'Owner-Passw0rd-1',
        FEED_REFRESH_MINUTES: '0',
      });
      started.push(server);
      const { msg, startup } = await summaryOf(server);
      expect(startup).toEqual({
        database: `PGlite in ${dataDir} (fsync on)`,
        mail: 'mail is logged, not sent (SMTP_URL is not set)',
        operators: 'owner@tapnet.test (admin)',
        'operator second factor': 'optional (set OPERATOR_SECOND_FACTOR=required, or NODE_ENV=production)',
        feeds:
          'the sample news and events, whose links go to example.org and lead nowhere (set NEWS_FEEDS, EVENT_FEEDS or FEEDS_FILE)',
      });
      expect(msg).toMatch(/^Tapnet is serving http:\/\/localhost:\d+; database: PGlite in /);
      expect(server.output()).not.toContain('Owner-Passw0rd-1');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL names the database and the mail server without their credentials, and the feeds configured',
    async () => {
      database = await createThrowawayDatabase(process.env.TEST_DATABASE_URL ?? '', 'tapnet_startup');
      const server = await startServer({
        DATABASE_URL: database.url,
        SMTP_URL: 'smtp://mailer:Smtp-Secret-9@127.0.0.1:2599',
        SECURITY_EMAIL: 'watch@tapnet.test',
        SECURITY_PASSWORD: 'Watch-Passw0rd-2',
        NEWS_FEEDS: 'https://news.example/a.xml,https://news.example/b.xml',
        EVENT_FEEDS: 'https://calendar.example/events.ics',
        FEED_REFRESH_MINUTES: '0',
      });
      started.push(server);
      const { startup } = await summaryOf(server);
      const { hostname, port, pathname } = new URL(database.url);
      expect(startup).toEqual({
        database: `PostgreSQL ${hostname}:${port || '5432'}${pathname}`,
        mail: 'SMTP 127.0.0.1:2599',
        operators: 'watch@tapnet.test (security)',
        'operator second factor': 'optional (set OPERATOR_SECOND_FACTOR=required, or NODE_ENV=production)',
        feeds: '2 news and 1 event feeds',
      });
      expect(server.output()).not.toMatch(/Smtp-Secret-9|Watch-Passw0rd-2/);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
