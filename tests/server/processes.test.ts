// Running for real on PostgreSQL: several worker processes, a worker killed mid-burst, SIGTERM with
// requests in flight, and the database restarting under a serving process. Real processes, real
// PostgreSQL, real SMTP sink; every wait is for a state.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/platform/db/connection';
import { seedCardOwners, signUpOverHttp } from '../support/members-over-http';
import { postgresBin, startPrivatePostgres } from '../support/private-postgres';
import { type ServerProcess, startServer } from '../support/server-process';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../support/throwaway-postgres';

const PROCESS_TEST_TIMEOUT_MS = 180_000;
const MIGRATION_FILES = readdirSync(join(import.meta.dirname, '../../server/platform/db/migrations')).filter(
  (file) => file.endsWith('.sql'),
);

/** The worker processes a cluster primary runs right now. */
function childPids(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return children ? children.split(/\s+/).map(Number) : [];
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Saves a card as the app's outbox does: one Idempotency-Key for the save, the same key again after a
 * dropped connection or a 5xx, until the server gives an answer that is not an outage.
 */
async function saveWithReplays(baseUrl: string, accessToken: string, nfcUID: string): Promise<number> {
  const key = randomBytes(12).toString('hex');
  let last = '';
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      const response = await fetch(`${baseUrl}/api/contact/create`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ nfcUID }),
      });
      last = `${response.status} ${await response.text()}`;
      if (response.status < 500) return response.status;
    } catch (error) {
      // The connection died with its worker: replay.
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
  }
  throw new Error(`save of ${nfcUID} never got through: ${last}`);
}

describe.runIf(process.env.TEST_DATABASE_URL)('several processes on one PostgreSQL', () => {
  let sink: SmtpSink;
  let database: ThrowawayDatabase;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    database = await createThrowawayDatabase(process.env.TEST_DATABASE_URL ?? '', 'tapnet_processes');
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await database.drop();
    await sink.close();
  });

  const env = () => ({ DATABASE_URL: database.url, SMTP_URL: sink.smtpUrl, RATE_LIMIT_SCALE: '100' });

  it(
    'WORKERS=2 starts two workers that migrate once; a worker killed in a burst of saves is replaced and every replayed save is stored once',
    async () => {
      const server = await startServer({ ...env(), WORKERS: '2' });
      servers.push(server);
      const primary = server.child.pid ?? 0;
      await until(async () => (childPids(primary).length === 2 ? true : undefined), 'two workers');
      const connection = await openDatabase({ databaseUrl: database.url });
      try {
        const applied = await sql<{ version: string }>`SELECT version FROM schema_migrations`.execute(
          connection.db,
        );
        expect(applied.rows.map((row) => row.version).sort()).toEqual(MIGRATION_FILES.sort());
        expect(server.output()).not.toMatch(/"level":50/);

        const saver = await signUpOverHttp(server.url, sink, 'saver');
        const cards = await seedCardOwners(connection.db, 60);
        let saved = 0;
        const burst = cards.map(async (nfcUID) => {
          const status = await saveWithReplays(server.url, saver.accessToken, nfcUID);
          saved += 1;
          return status;
        });
        await until(async () => (saved >= 10 ? true : undefined), 'the first saves');
        const [victim] = childPids(primary);
        process.kill(victim ?? 0, 'SIGKILL');
        const statuses = await Promise.all(burst);

        expect(statuses.every((status) => status === 201 || status === 200)).toBe(true);
        const stored = await connection.db
          .selectFrom('contacts')
          .innerJoin('users', 'users.id', 'contacts.owner_id')
          .select(['contacts.card_owner_id'])
          .where('users.email', '=', saver.email)
          .execute();
        expect(stored).toHaveLength(cards.length);
        expect(new Set(stored.map((row) => row.card_owner_id)).size).toBe(cards.length);
        await until(
          async () =>
            childPids(primary).length === 2 && !childPids(primary).includes(victim ?? 0) ? true : undefined,
          'the killed worker replaced',
        );
      } finally {
        await connection.close();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'SIGTERM lets the requests in flight finish, then the process exits within 10 s',
    async () => {
      const server = await startServer({ ...env(), LOG_LEVEL: 'info' });
      servers.push(server);
      const member = await signUpOverHttp(server.url, sink, 'drain');
      const before = server
        .output()
        .split('\n')
        .filter((line) => line.includes('"url":"/api/auth/login"')).length;
      // Sign-ins are slow on purpose (argon2): they are still running when the signal arrives.
      const signIns = Array.from({ length: 6 }, () =>
        fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: member.email, password: 'Corr3ct-Horse' }),
        }).then((response) => response.status),
      );
      await until(
        async () =>
          server
            .output()
            .split('\n')
            .filter((line) => line.includes('"url":"/api/auth/login"')).length >=
          before + 6
            ? true
            : undefined,
        'the sign-ins received',
      );
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      expect(await Promise.all(signIns)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(await server.exited, server.output().slice(-3000)).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe.runIf(postgresBin)('the database restarts while Tapnet serves', () => {
  it(
    'health and calls answer 503 saying what is wrong, and the same process serves again once the database is back',
    async () => {
      const postgres = await startPrivatePostgres();
      const sink = await startSmtpSink();
      let server: ServerProcess | undefined;
      try {
        server = await startServer({ DATABASE_URL: postgres.url, SMTP_URL: sink.smtpUrl });
        const member = await signUpOverHttp(server.url, sink, 'restart');
        const list = () =>
          fetch(`${server?.url}/api/contact`, { headers: { authorization: `Bearer ${member.accessToken}` } });
        expect((await list()).status).toBe(200);

        postgres.stop();
        const health = await fetch(`${server.url}/api/health`);
        expect(health.status).toBe(503);
        expect(await health.json()).toEqual({ status: 'error', database: 'disconnected' });
        const refused = await list();
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('5');
        expect(await refused.json()).toMatchObject({
          code: 'DATABASE_UNAVAILABLE',
          error: 'Tapnet cannot reach its database right now. Please try again in a few seconds.',
          requestId: refused.headers.get('x-request-id'),
        });
        expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);

        postgres.start();
        await until(
          async () => ((await list()).status === 200 ? true : undefined),
          'calls served again',
          30_000,
        );
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
        expect(server.child.exitCode).toBeNull();
      } finally {
        await server?.stop('SIGKILL');
        await sink.close();
        postgres.destroy();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
