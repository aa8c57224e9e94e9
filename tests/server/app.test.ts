import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/config';
import {
  bearer,
  createMember,
  databaseKinds,
  describeOnEachDatabase,
  json,
  startTestApp,
  uniqueEmail,
} from './helpers';

describeOnEachDatabase('the API surface', (t) => {
  it('reports health with the database connected', async () => {
    const response = await t().app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok', database: 'connected' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t().app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('refuses the account without a valid bearer token', async () => {
    for (const headers of [{}, bearer('garbage'), { authorization: 'Basic abc' }]) {
      const response = await t().app.inject({ method: 'GET', url: '/api/user/account', headers });
      expect(response.statusCode).toBe(401);
      expect(json(response).error).toBeTypeOf('string');
    }
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await t().app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('limits how often one address may ask for a password reset', async () => {
    // A new e-mail each time: one e-mail's own limit (5) is another test's.
    const ask = () =>
      t().app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: uniqueEmail('limit') },
      });
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await ask()).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = json(await ask());
    expect(limited.error).toMatch(/Rate limit exceeded/);
    expect(limited.code).toBe('RATE_LIMITED');
  });

  it('records page views without the secrets a path may carry', async () => {
    const response = await t().app.inject({
      method: 'POST',
      url: '/api/analytics/page-view',
      payload: { path: '/reset-password/secret-token?x=1' },
    });
    expect(response.statusCode).toBe(204);
    const rows = await t().db.selectFrom('page_views').select('path').execute();
    expect(rows.map((row) => row.path)).toContain('/reset-password');
    expect(JSON.stringify(rows)).not.toContain('secret-token');
  });
});

describe.each(databaseKinds)('running the app ($name)', (kind) => {
  it('keeps mail in the outbox when no SMTP server is configured', async () => {
    const context = await startTestApp(kind, { SMTP_URL: '' });
    try {
      const email = 'outbox@example.com';
      await context.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Outbox', email, password: 'Corr3ct-Horse', dateOfBirth: '1990-01-01' },
      });
      const mail = await context.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', email)
        .execute();
      expect(mail).toHaveLength(1);
      expect(mail[0]?.text_body).toMatch(/verification code is:\s+\d{6}/);
      expect(context.sink.messages(email)).toHaveLength(0);
    } finally {
      await context.close();
    }
  });

  it('answers 503 from health when the database is gone, and never leaks a stack trace', async () => {
    const context = await startTestApp(kind);
    const member = await createMember(context);
    await context.db.destroy();
    const health = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(json(health)).toEqual({ status: 'error', database: 'disconnected' });
    const account = await context.app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(member.accessToken),
    });
    expect(account.statusCode).toBe(500);
    expect(json(account)).toEqual({ error: 'Internal server error', code: 'INTERNAL_ERROR' });
    await context.close();
  });
});

describe.each(databaseKinds)('serving the built app ($name)', (kind) => {
  const staticDir = mkdtempSync(join(tmpdir(), 'tapnet-static-'));
  let context: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Tapnet</title>');
    writeFileSync(join(staticDir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
    writeFileSync(join(staticDir, 'sw.js'), 'self.x = 1');
    writeFileSync(join(staticDir, 'sw.js.br'), brotliCompressSync('self.x = 1'));
    writeFileSync(join(staticDir, 'manifest.webmanifest'), '{}');
    context = await startTestApp(kind, { STATIC_DIR: staticDir });
  });
  afterAll(async () => {
    await context.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and revalidates the shell, service worker and manifest', async () => {
    const asset = await context.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the precompressed copy to browsers that accept it, cached like the file itself', async () => {
    const compressed = await context.app.inject({
      method: 'GET',
      url: '/sw.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(compressed.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('self.x = 1');
    const plain = await context.app.inject({ method: 'GET', url: '/sw.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('self.x = 1');
  });

  it('answers client routes with the shell and unknown API paths with JSON', async () => {
    for (const url of ['/', '/contacts?sort=name']) {
      const page = await context.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<title>Tapnet</title>');
    }
    const api = await context.app.inject({ method: 'GET', url: '/api/contacts-typo' });
    expect(api.statusCode).toBe(404);
    expect(json(api)).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });
});

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ port: 5001, dataDir: './data', publicUrl: 'http://localhost:5001' });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('refuses settings that cannot work, naming them', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => readConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });
});
