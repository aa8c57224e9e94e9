// `npm start` runs the server as the build compiled it (scripts/build-server.ts), not the source
// through tsx as every other test does: the compiled file must find what lies beside the source
// (migrations, the app icon), start its compiled feed worker, and serve, on a new DATA_DIR.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServerBundle } from '../../scripts/build-server';
import { feedWorker } from '../../server/modules/insights/feeds/read-feed-off-thread';
import { type LoopbackServer, startLoopbackServer } from '../support/loopback-server';
import { type ServerProcess, startServer, waitFor } from '../support/server-process';

const BUILT_SERVER_TIMEOUT_MS = 180_000;

/** A news feed of three stories, as a publisher on the internet would serve it (a stand-in on loopback). */
const NEWS_FEED = `<?xml version="1.0"?><rss version="2.0"><channel><title>Built news</title>${[1, 2, 3]
  .map(
    (story) =>
      `<item><title>Story ${story}</title><link>https://news.test/${story}</link><pubDate>${new Date().toUTCString()}</pubDate></item>`,
  )
  .join('')}</channel></rss>`;

describe('the feed worker a server starts', () => {
  it('is the compiled one beside a compiled server, without tsx', () => {
    const compiled = feedWorker('file:///srv/tapnet/dist-server/main.js');
    expect(compiled.file.href).toBe('file:///srv/tapnet/dist-server/read-feed-worker.js');
    expect(compiled.execArgv).toEqual([]);
  });

  it('is the source through tsx when the server runs from source', () => {
    const source = feedWorker(undefined);
    expect(source.file.pathname).toMatch(/server\/modules\/insights\/feeds\/read-feed-worker\.ts$/);
    expect(source.execArgv).toEqual(['--import', expect.stringMatching(/tsx/)]);
  });
});

describe('the server as the build compiles it', () => {
  // Inside the checkout, as dist-server/ is: the compiled file loads its packages from node_modules.
  mkdirSync('.tmp', { recursive: true });
  const outDir = mkdtempSync(join('.tmp', 'built-server-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'tapnet-built-server-'));
  let server: ServerProcess | undefined;
  let publisher: LoopbackServer | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await publisher?.close();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'starts on a new DATA_DIR, saves and reads an account, reads a feed in its compiled worker and stops on SIGTERM',
    async () => {
      await buildServerBundle(outDir);
      expect(existsSync(join(outDir, 'read-feed-worker.js'))).toBe(true);
      publisher = await startLoopbackServer();
      publisher.on('/news.rss', { headers: { 'content-type': 'application/rss+xml' }, body: NEWS_FEED });
      const newsUrl = publisher.url('/news.rss');
      server = await startServer(
        { DATA_DIR: dataDir, NEWS_FEEDS: newsUrl, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
        [],
        [join(outDir, 'main.js')],
      );
      const health = await fetch(`${server.url}/api/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'connected' });
      const register = () =>
        fetch(`${server?.url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Built',
            email: 'built@example.com',
            password: 'Corr3ct-Horse',
            dateOfBirth: '1990-01-01',
          }),
        });
      expect((await register()).status).toBe(201);
      expect((await register()).status).toBe(409);
      const running = server;
      await waitFor(async () => running.output().includes('feeds refreshed'), 'the feeds read', 60_000);
      // The pass's report: the feed's three stories stored, read by the worker (no failure reason).
      expect(running.output()).toContain(`${JSON.stringify(newsUrl)}:3`);
      expect(await server.stop('SIGTERM')).toBe(0);
    },
    BUILT_SERVER_TIMEOUT_MS,
  );
});
