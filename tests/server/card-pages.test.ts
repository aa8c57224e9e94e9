import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  businessCard,
  createMemberWithCard,
  databaseKinds,
  issueCard,
  startTestApp,
  type TestContext,
} from './helpers';

// These pages are rendered by the built client (`npm run build`, which `npm test` runs first).
const isBuilt = existsSync('dist/index.html') && existsSync('dist-ssr/entry-server.js');

describe.skipIf(!isBuilt)('public card pages rendered on the server', () => {
  let t: TestContext & { close(): Promise<void> };
  beforeAll(async () => {
    const [kind] = databaseKinds;
    if (!kind) throw new Error('no database to test on');
    t = await startTestApp(kind, { STATIC_DIR: 'dist', SSR_DIR: 'dist-ssr' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /nfc/:id with the card already in the HTML, its data block and its title', async () => {
    const { nfcUID } = await createMemberWithCard(t);
    const response = await t.app.inject({ method: 'GET', url: `/nfc/${nfcUID}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toMatch(/<div id="root"><main[^>]*>.*Ada Lovelace.*<\/main>/s);
    expect(html).toContain('<title>Ada Lovelace · Tapnet</title>');
    expect(html).toContain('property="og:title"');
    expect(html).toContain('<script type="application/json" id="card-data">');
    expect(html).toContain('href="https://linkedin.com/in/ada"');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('starts no script before the card is painted: one inline bootstrap, allowed by its hash, loads the app after', async () => {
    const { nfcUID } = await createMemberWithCard(t);
    const response = await t.app.inject({ method: 'GET', url: `/nfc/${nfcUID}` });
    const html = response.body;
    expect(html).not.toMatch(/<script[^>]*\bsrc=/);
    expect(html).not.toContain('rel="modulepreload"');
    const scripts = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map(
      (match) => match[1] ?? '',
    );
    expect(scripts).toHaveLength(1);
    const [bootstrap = ''] = scripts;
    expect(bootstrap).toContain("getEntriesByName('first-contentful-paint')");
    expect(bootstrap).toMatch(/"\/assets\/public-card-entry-[^"]+\.js"/);
    expect(bootstrap).toMatch(/import\("\/assets\/index-[^"]+\.js"\)/);
    expect(html.indexOf('<script type="module">')).toBeGreaterThan(html.indexOf('id="card-data"'));
    const hash = createHash('sha256').update(bootstrap).digest('base64');
    expect(response.headers['content-security-policy']).toMatch(
      new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
    );
  });

  it('inlines the page CSS, allowed by its hash in the CSP, so the first paint waits for no stylesheet', async () => {
    const { nfcUID } = await createMemberWithCard(t);
    const response = await t.app.inject({ method: 'GET', url: `/nfc/${nfcUID}` });
    expect(response.body).not.toContain('rel="stylesheet"');
    const css = response.body.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    expect(css).toContain('--brand');
    const hash = createHash('sha256').update(css).digest('base64');
    expect(response.headers['content-security-policy']).toMatch(
      new RegExp(`style-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
    );
  });

  it('compresses the page for browsers that accept it', async () => {
    const { nfcUID } = await createMemberWithCard(t);
    const response = await t.app.inject({
      method: 'GET',
      url: `/nfc/${nfcUID}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('Ada Lovelace');
  });

  it('serves the same card at /display-card and, with a back button, at /my-display-card', async () => {
    const { nfcUID } = await createMemberWithCard(t);
    const display = await t.app.inject({ method: 'GET', url: `/display-card/${nfcUID}` });
    expect(display.statusCode).toBe(200);
    expect(display.body).toContain('Ada Lovelace');
    expect(display.body).not.toContain('>Back</button>');
    const preview = await t.app.inject({ method: 'GET', url: `/my-display-card/${nfcUID}` });
    expect(preview.body).toMatch(/Back<\/button>/);
  });

  it('serves a card link at /c/<handle>, and moves an old handle to the card’s current address', async () => {
    const member = await createMemberWithCard(t);
    const page = await t.app.inject({ method: 'GET', url: `/c/${member.cardHandle}?src=qr` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Ada Lovelace · Tapnet</title>');
    expect(page.body).toContain(`"nfcUID":"${member.cardHandle}"`);

    const chosen = `ada-${member.cardHandle}`;
    await t.app.inject({
      method: 'POST',
      url: '/api/user/card-link',
      headers: bearer(member.accessToken),
      payload: { handle: chosen },
    });
    const moved = await t.app.inject({ method: 'GET', url: `/c/${member.cardHandle}?src=qr` });
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe(`/c/${chosen}?src=qr`);
    expect((await t.app.inject({ method: 'GET', url: '/c/no-such-handle' })).statusCode).toBe(404);
  });

  it('keeps text a member typed inside the data block and escaped in the markup', async () => {
    const { nfcUID } = await createMemberWithCard(t, { company: '</script><script>alert(1)</script>' });
    const html = (await t.app.inject({ method: 'GET', url: `/nfc/${nfcUID}` })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
  });

  it('offers activation for an issued card nobody holds and says so for an unknown one', async () => {
    const unclaimed = await t.app.inject({ method: 'GET', url: `/nfc/${await issueCard(t)}` });
    expect(unclaimed.statusCode).toBe(200);
    expect(unclaimed.body).toContain('This card has not been activated yet');
    expect(unclaimed.body).toContain('Activate this card');
    const unknown = await t.app.inject({ method: 'GET', url: `/nfc/${'a'.repeat(40)}-9` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Card not found');
    const garbage = await t.app.inject({ method: 'GET', url: '/nfc/%3Cscript%3E' });
    expect(garbage.statusCode).toBe(404);
    expect(garbage.body).not.toContain('<script>');
  });

  it('shows the card as it is now after the owner edits it', async () => {
    const member = await createMemberWithCard(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/updateBusinessCard',
      headers: bearer(member.accessToken),
      payload: { ...businessCard, name: 'Augusta Ada King' },
    });
    const html = (await t.app.inject({ method: 'GET', url: `/nfc/${member.nfcUID}` })).body;
    expect(html).toContain('Augusta Ada King');
  });
});
