// `npm start` runs the server as the build compiled it (scripts/build-server.ts), not the source
// through tsx as every other test does: the compiled file must find what lies beside the source
// (migrations, the app icon, the feed worker) and serve, on a new DATA_DIR.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServerBundle } from '../../scripts/build-server';
import { type ServerProcess, startServer, waitFor } from '../support/server-process';

const BUILT_SERVER_TIMEOUT_MS = 180_000;

describe('the server as the build compiles it', () => {
  // Inside the checkout, as dist-server/ is: the compiled file loads its packages from node_modules.
  mkdirSync('.tmp', { recursive: true });
  const outDir = mkdtempSync(join('.tmp', 'built-server-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'tapnet-built-server-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'starts on a new DATA_DIR, saves and reads an account, reads its feeds in their worker and stops on SIGTERM',
    async () => {
      await buildServerBundle(outDir);
      server = await startServer({ DATA_DIR: dataDir }, [], [join(outDir, 'main.js')]);
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
      await waitFor(async () => running.output().includes('feeds refreshed'), 'the sample feeds', 60_000);
      expect(await server.stop('SIGTERM')).toBe(0);
    },
    BUILT_SERVER_TIMEOUT_MS,
  );
});
