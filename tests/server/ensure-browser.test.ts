// `npm test` on a machine without a browser stops at once, before the long stages, and says how to get one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

describe('npm test without a browser', () => {
  const emptyBrowsers = mkdtempSync(join(tmpdir(), 'tapnet-no-browsers-'));
  afterAll(() => rmSync(emptyBrowsers, { recursive: true, force: true }));

  function ensureBrowser(env: Record<string, string>) {
    return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-browser.ts'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
  }

  it('stops with the command that installs Chromium when none is found and none can be downloaded', () => {
    const run = ensureBrowser({
      CHROMIUM_PATH: join(emptyBrowsers, 'chromium'),
      PLAYWRIGHT_BROWSERS_PATH: emptyBrowsers,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('sudo apt-get install -y chromium-headless-shell');
    expect(run.stderr).toContain('npx playwright install --with-deps chromium');
  });

  it('goes on when the browser the journeys use is there', () => {
    const run = ensureBrowser({});
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
