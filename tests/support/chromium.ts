// How the e2e suite launches Chromium: the system's build when installed (Debian's
// /usr/bin/chromium, or CHROMIUM_PATH; Playwright's own download cannot work on the CI machines),
// otherwise Playwright's default browser on a developer laptop.
import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

export const systemChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumLaunchOptions: LaunchOptions = {
  ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
  args: [
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
  ],
};
