// `npm run cards` beside a running server on the embedded database (issue 30 point 5): refused in one
// sentence that says what to do, never a stack trace.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../server/platform/db/data-dir-lock';

const folder = mkdtempSync(join(tmpdir(), 'tapnet-cards-cli-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('refuses in one sentence naming the Cards tab while a server holds the DATA_DIR', () => {
  // A live process holds the directory as a running server does: this test's own.
  writeFileSync(join(folder, LOCK_FILE_NAME), `${process.pid}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/cards.ts', 'issue', '3'], {
    env: { ...process.env, DATA_DIR: folder, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(run.status).toBe(1);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^The server is running on this DATA_DIR, .*Cards tab \(\/admin\/dashboard\)/);
  expect(run.stderr).not.toMatch(/\n\s+at /);
});
