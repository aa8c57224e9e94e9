// The embedded database's data directory belongs to one process, and its commits reach the disk.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../server/platform/db/data-dir-lock';
import { type ServerProcess, spawnServer, startServer } from '../support/server-process';

const PROCESS_TEST_TIMEOUT_MS = 240_000;

describe('PGlite DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tapnet-data-dir-'));
  const started: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop('SIGKILL')));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'a second process on the same DATA_DIR refuses to start, and a kill -9 leaves no lock that blocks a restart',
    async () => {
      const first = await startServer({ DATA_DIR: dataDir });
      started.push(first);
      expect(first.output()).toContain('(fsync on)');

      const second = await spawnServer({ DATA_DIR: dataDir });
      started.push(second);
      expect(await second.exited).not.toBe(0);
      expect(second.output()).toContain(
        `DATA_DIR ${dataDir} is in use by another Tapnet process (pid ${first.child.pid})`,
      );
      // The refused process did not take the lock from the one that holds it.
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

      expect(await first.stop('SIGKILL')).toBe('SIGKILL');
      expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(true);
      const restarted = await startServer({ DATA_DIR: dataDir });
      started.push(restarted);
      expect(restarted.output()).toContain('(fsync on)');

      expect(await restarted.stop('SIGTERM')).toBe(0);
      expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
