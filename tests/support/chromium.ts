// How the e2e suite and the benches launch Chromium: Debian's builds when installed (or CHROMIUM_PATH;
// Playwright's own download cannot work on the CI machines), otherwise Playwright's default browser on
// a developer laptop.
import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

const ARGS = [
  // CI runs as root in a container, where Chromium's sandbox cannot start.
  '--no-sandbox',
  // No GPU here: WebGL (the map) renders through SwiftShader instead.
  '--disable-gpu',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  // Keep the browser from talking to Google's services in the background during tests.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Containers give /dev/shm only 64 MB, which crashes renderers under load.
  '--disable-dev-shm-usage',
];

function launchOptions(candidates: string[]): LaunchOptions {
  const executablePath = candidates.find((path) => existsSync(path));
  return { ...(executablePath ? { executablePath } : {}), args: ARGS };
}

const chosen = process.env.CHROMIUM_PATH;

/**
 * The journeys run in Debian's headless shell when it is installed: the build Playwright itself runs
 * headless, with the same Blink, service worker and SwiftShader WebGL as the full browser but none of
 * its windowing, and journeys in 0.8 of the time on two cores (docs/budgets.md).
 */
export const chromiumLaunchOptions = launchOptions(
  chosen ? [chosen] : ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'],
);

/** The benches measure what a member's browser does, so they run the full Chromium. */
export const fullChromiumLaunchOptions = launchOptions(chosen ? [chosen] : ['/usr/bin/chromium']);
