// Two server processes on one PostgreSQL: a block made by one is enforced by the other within its
// sync interval, and an unblock through the other lifts it in the first. Process A is the app in this
// test; process B is a real `server/main.ts` child process, reached over loopback through
// TRUST_PROXY so it sees the attacker's address. Needs TEST_DATABASE_URL (PGlite is one process).
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/platform/db/connection';
import { waitFor } from '../support/server-process';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../support/throwaway-postgres';
import { SECURITY, startTestApp, type TestContext } from './helpers';

const adminUrl = process.env.TEST_DATABASE_URL;
const PORT = Number(process.env.E2E_APP_PORT ?? 5270) + 7;
const B_URL = `http://127.0.0.1:${PORT}`;
const ATTACKER = '198.51.100.77';
const SYNC_MS = 300;

describe.skipIf(!adminUrl)('blocks shared by two server processes on PostgreSQL', () => {
  let database: ThrowawayDatabase;
  let a: TestContext & { close(): Promise<void> };
  let b: ChildProcess | undefined;

  beforeAll(async () => {
    if (!adminUrl) return;
    database = await createThrowawayDatabase(adminUrl, 'tapnet_sec');
    const env = { SECURITY_SYNC_INTERVAL_MS: String(SYNC_MS) };
    a = await startTestApp(
      {
        name: 'postgres',
        open: async () => ({
          connection: await openDatabase({ databaseUrl: database.url }),
          drop: async () => {},
        }),
      },
      env,
    );
    b = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        ...env,
        DATABASE_URL: database.url,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        TRUST_PROXY: '127.0.0.1',
        STATIC_DIR: '/nonexistent',
        SECURITY_EMAIL: SECURITY.email,
        SECURITY_PASSWORD: SECURITY.password,
        LOG_LEVEL: 'warn',
      },
      stdio: 'inherit',
    });
    await waitFor(
      async () => (await fetch(`${B_URL}/api/health`).catch(() => undefined))?.ok === true,
      'process B',
      30_000,
    );
  }, 60_000);

  afterAll(async () => {
    if (b && b.exitCode === null) {
      const exited = new Promise((resolve) => b?.once('exit', resolve));
      b.kill('SIGTERM');
      await exited;
    }
    await a?.close();
    await database?.drop();
  });

  const fromAttackerAtB = () =>
    fetch(`${B_URL}/api/health`, { headers: { 'x-forwarded-for': ATTACKER } }).then(
      (response) => response.status,
    );
  const fromAttackerAtA = async () =>
    (await a.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ATTACKER })).statusCode;

  it('enforces in B a block made by A, and lifts it in A when B unblocks', async () => {
    expect(await fromAttackerAtB()).toBe(200);
    const scan = await a.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'user-agent': 'sqlmap/1.7.2#stable' },
      remoteAddress: ATTACKER,
    });
    expect(scan.statusCode).toBe(403);
    await waitFor(async () => (await fromAttackerAtB()) === 403, 'B to refuse the attacker');

    const login = await fetch(`${B_URL}/api/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SECURITY),
    });
    const { token } = (await login.json()) as { token: string };
    const unblock = await fetch(`${B_URL}/api/security/unblock-ip`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ipAddress: ATTACKER }),
    });
    expect(unblock.status).toBe(200);
    expect(await fromAttackerAtB()).toBe(200);
    await waitFor(async () => (await fromAttackerAtA()) === 200, 'A to let the attacker in again');
  }, 30_000);
});
