// Security review 2.9 and 3.4: an Idempotency-Key reused for another request, updateProfile probing,
// Vite's asset map, an unwritable DATA_DIR and a nearly full disk.
import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWritableDataDir, openDatabase } from '../../server/platform/db/connection';
import {
  bearer,
  createMember,
  createMemberWithCard,
  databaseKinds,
  describeOnEachDatabase,
  json,
  startTestApp,
  type TestContext,
} from './helpers';

describeOnEachDatabase('Idempotency-Key and updateProfile', (t) => {
  const save = (token: string, key: string, nfcUID: string) =>
    t().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: { ...bearer(token), 'idempotency-key': key },
      payload: { nfcUID },
    });

  it('answers 422 to a key reused with another card, saves nothing for it, and still replays the first save', async () => {
    const carol = await createMemberWithCard(t());
    const alice = await createMemberWithCard(t());
    const bob = await createMember(t());
    const key = 'k'.repeat(32);
    const first = await save(bob.accessToken, key, carol.nfcUID);
    expect(first.statusCode).toBe(201);
    const reused = await save(bob.accessToken, key, alice.nfcUID);
    expect(reused.statusCode).toBe(422);
    expect(json(reused)).toEqual({
      error: 'This Idempotency-Key was already used for a different request.',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const contacts = json<{ nfcUID: string }[]>(
      await t().app.inject({ method: 'GET', url: '/api/contact', headers: bearer(bob.accessToken) }),
    );
    expect(contacts.map((contact) => contact.nfcUID)).toEqual([carol.nfcUID]);
    const replay = await save(bob.accessToken, key, carol.nfcUID);
    expect(replay.statusCode).toBe(201);
    expect(json(replay)).toEqual(json(first));
  });

  it('limits updateProfile to 30 a minute per address, so it cannot probe e-mails and Card IDs in bulk', async () => {
    const member = await createMember(t());
    const update = () =>
      t().app.inject({
        method: 'POST',
        url: '/api/user/updateProfile',
        headers: bearer(member.accessToken),
        remoteAddress: '192.0.2.77',
        payload: { nfcUID: `${'a'.repeat(40)}-1` },
      });
    for (let attempt = 1; attempt <= 30; attempt += 1) expect((await update()).statusCode).toBe(404);
    const limited = await update();
    expect(limited.statusCode).toBe(429);
    expect(json(limited).code).toBe('RATE_LIMITED');
  });
});

describe('the built app', () => {
  const staticDir = mkdtempSync(join(tmpdir(), 'tapnet-dist-'));
  let context: (TestContext & { close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Tapnet</title>');
    mkdirSync(join(staticDir, '.vite'));
    writeFileSync(
      join(staticDir, '.vite', 'manifest.json'),
      '{"src/main.tsx":{"file":"assets/main-abc.js"}}',
    );
    const [kind] = databaseKinds;
    if (!kind) throw new Error('no database kind');
    context = await startTestApp(kind, { STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('does not serve Vite’s asset map', async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/', '/%2Evite/manifest.json']) {
      const response = await context?.app.inject({ method: 'GET', url });
      expect(response?.body).not.toContain('assets/main-abc.js');
    }
    expect((await context?.app.inject({ method: 'GET', url: '/index.html' }))?.body).toContain(
      '<title>Tapnet',
    );
  });
});

describe('the data directory', () => {
  it('refuses to start on a DATA_DIR it cannot write, naming the directory', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'tapnet-ro-'));
    const blocker = join(parent, 'a-file');
    writeFileSync(blocker, '');
    const dataDir = join(blocker, 'data');
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      `DATA_DIR ${dataDir} is not writable (ENOTDIR): the embedded database keeps its files there.`,
    );
  });

  it('keeps the data directory to the server’s user: a new one, and one that let others in, are 0700', () => {
    const parent = mkdtempSync(join(tmpdir(), 'tapnet-private-'));
    const fresh = join(parent, 'new', 'data');
    ensureWritableDataDir(fresh);
    expect(statSync(fresh).mode & 0o777).toBe(0o700);

    const open = join(parent, 'open');
    mkdirSync(open, { mode: 0o777 });
    chmodSync(open, 0o777);
    ensureWritableDataDir(open);
    expect(statSync(open).mode & 0o777).toBe(0o700);
  });

  it('reports degraded health when the data directory is nearly full, and ok with room to spare', async () => {
    const [kind] = databaseKinds;
    if (!kind) throw new Error('no database kind');
    const dataDir = mkdtempSync(join(tmpdir(), 'tapnet-data-'));
    // A floor above any real disk's free space stands for a full disk, which a test cannot fill safely.
    const full = await startTestApp(kind, { HEALTH_MIN_FREE_MB: String(2 ** 40) }, { dataDir });
    try {
      const health = await full.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(json(health)).toEqual({ status: 'degraded', database: 'connected', storage: 'low' });
    } finally {
      await full.close();
    }
    const roomy = await startTestApp(kind, { HEALTH_MIN_FREE_MB: '0' }, { dataDir });
    try {
      const health = await roomy.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(json(health)).toEqual({ status: 'ok', database: 'connected', storage: 'ok' });
    } finally {
      await roomy.close();
    }
  });
});
