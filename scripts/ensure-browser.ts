// `npm test` ends with the journeys in Chromium. Without a browser they would fail minutes later and
// unreadably, so this runs first: it finds a Chromium, downloads Playwright's own where the network
// allows, or stops at once with the command that installs one.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/support/chromium';

const INSTALL_HELP = `No Chromium for the end-to-end tests, and Playwright's own could not be downloaded.
Install one, then run npm test again:
  Debian or Ubuntu:  sudo apt-get install -y chromium-headless-shell   (or chromium)
  elsewhere:         npx playwright install --with-deps chromium
  (a Chromium somewhere else: CHROMIUM_PATH=/path/to/chromium npm test)`;

function hasBrowser(): boolean {
  return Boolean(chromiumLaunchOptions.executablePath) || existsSync(chromium.executablePath());
}

function downloadPlaywrightChromium(): void {
  if (process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD) return;
  console.log("No Chromium found: downloading Playwright's own (npx playwright install chromium)…");
  spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
}

if (!hasBrowser()) {
  downloadPlaywrightChromium();
  if (!hasBrowser()) {
    console.error(INSTALL_HELP);
    process.exit(1);
  }
}
