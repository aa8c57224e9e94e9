// `npm run db:backup` / `db:restore` on the embedded database: refused with a clear message while Tapnet
// runs; once stopped, a backup restored into a fresh DATA_DIR serves every member and contact again.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signUpOverHttp } from '../support/members-over-http';
import { type ServerProcess, startServer } from '../support/server-process';
import { startSmtpSink } from '../support/smtp-sink';
import { ADMIN, businessCard } from './helpers';

const PROCESS_TEST_TIMEOUT_MS = 240_000;

function dbCli(command: 'backup' | 'restore', file: string, dataDir: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/db.ts', command, file], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
}

async function call(url: string, method: string, body?: unknown, token?: string) {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

describe('backing up and restoring the embedded database', () => {
  const folder = mkdtempSync(join(tmpdir(), 'tapnet-backup-'));
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    rmSync(folder, { recursive: true, force: true });
  });

  it(
    'restores every member and contact into a fresh data directory',
    async () => {
      const sink = await startSmtpSink();
      const env = { SMTP_URL: sink.smtpUrl, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
      const dataDir = join(folder, 'data');
      const running = await startServer({ ...env, DATA_DIR: dataDir });
      servers.push(running);
      const api = (path: string) => `${running.url}/api${path}`;

      // A member with a card, and a member who saved it.
      const cardHolder = await signUpOverHttp(running.url, sink, 'holder');
      const admin = await call(api('/admin/login'), 'POST', ADMIN);
      const issued = (await call(api('/admin/cards'), 'POST', { count: 1 }, String(admin.token))) as {
        cards: { nfcUID: string }[];
      };
      const nfcUID = issued.cards[0]?.nfcUID ?? '';
      await call(api('/user/updateProfile'), 'POST', { nfcUID }, cardHolder.accessToken);
      await call(api('/user/updateBusinessCard'), 'POST', businessCard, cardHolder.accessToken);
      const saver = await signUpOverHttp(running.url, sink, 'saver');
      await call(api('/contact/create'), 'POST', { nfcUID }, saver.accessToken);

      const file = join(folder, 'tapnet-backup.tar.gz');
      const refused = dbCli('backup', file, dataDir);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`is in use by another Tapnet process (pid ${running.child.pid})`);
      expect(refused.stderr).toContain('only while Tapnet is stopped');

      expect(await running.stop('SIGTERM')).toBe(0);
      const backedUp = dbCli('backup', file, dataDir);
      expect(backedUp.stderr).toBe('');
      expect(backedUp.stdout).toContain('(2 members, 1 contacts)');

      const freshDir = join(folder, 'restored');
      const restored = dbCli('restore', file, freshDir);
      expect(restored.stdout).toContain('(2 members, 1 contacts)');
      expect(dbCli('restore', file, freshDir).stderr).toContain('is not empty: a restore never overwrites');

      const again = await startServer({ ...env, DATA_DIR: freshDir });
      servers.push(again);
      const signedIn = await call(`${again.url}/api/auth/login`, 'POST', {
        email: saver.email,
        password: 'Corr3ct-Horse',
      });
      const contacts = await fetch(`${again.url}/api/contact`, {
        headers: { authorization: `Bearer ${String(signedIn.accessToken)}` },
      });
      expect(await contacts.json()).toEqual([
        expect.objectContaining({ nfcUID, name: businessCard.name, company: businessCard.company }),
      ]);
      await sink.close();
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
