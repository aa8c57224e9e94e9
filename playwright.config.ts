// E2E: the production build served by the real server on a fresh PGlite database, with its mail
// going to a real SMTP sink on loopback. `npm run test:e2e` builds first, then runs this.
import { defineConfig } from '@playwright/test';
import type { E2eOptions } from './tests/e2e/fixtures';
import { E2E_SECURITY, RUN_STARTED_AT_ENV } from './tests/e2e/security-gate';
import { chromiumLaunchOptions } from './tests/support/chromium';
import { standInStyleUrl } from './tests/support/map-tile-stand-in';

// Ports of their own, so a running `npm start` (5001), Vite (5173) or a local sink do not collide;
// E2E_APP_PORT and E2E_SMTP_PORT let two runs share a machine.
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 5174);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2587);
const SINK_HTTP_PORT = SMTP_PORT + 1;
const APP_URL = `http://localhost:${APP_PORT}`;
const SINK_URL = `http://127.0.0.1:${SINK_HTTP_PORT}`;
// Inside the repository's ignored .tmp/; the server's command empties it so every run starts fresh.
const DATA_DIR = `.tmp/e2e-data-${APP_PORT}`;

const isCI = Boolean(process.env.CI);
// The security gate (globalTeardown) reads back only this run's events.
process.env[RUN_STARTED_AT_ENV] ??= new Date().toISOString();

export default defineConfig<E2eOptions>({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/security-gate.ts',
  // Every journey registers its own user, so two workers can share one server (CI has 2 cores).
  workers: 2,
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // Journeys wait for states, not times; these bounds only catch one that never comes. CI machines
  // differ: one ran every journey three times slower than the machine before it (44 against 14
  // minutes), and a journey must not fail for that alone.
  timeout: isCI ? 120_000 : 60_000,
  expect: { timeout: isCI ? 20_000 : 10_000 },
  reporter: 'list',
  use: {
    baseURL: APP_URL,
    sinkUrl: SINK_URL,
    serviceWorkers: 'allow',
    launchOptions: chromiumLaunchOptions,
    // Recording a trace costs a journey about a third of its time on CI's two cores (docs/budgets.md),
    // and CI keeps a failure's retry: that attempt records it. Locally every failure keeps its trace.
    trace: isCI ? 'on-first-retry' : 'retain-on-failure',
  },
  projects: [
    {
      // Mobile first: every journey runs on a phone.
      name: 'phone',
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        // The phone asks for reduced motion, as many members' phones do, and the desktop does not: both
        // ways are run, and the phone's journeys skip drawing the pulses that never stop (about 10% of
        // their time on CI's two cores, docs/budgets.md).
        reducedMotion: 'reduce',
      },
    },
    {
      // Only the journeys tagged @desktop run again at desktop size, to keep CI short.
      name: 'desktop',
      grep: /@desktop/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      name: 'smtp-sink',
      command: 'node --import tsx tests/support/smtp-sink.ts',
      env: { SMTP_SINK_PORT: String(SMTP_PORT), SMTP_SINK_HTTP_PORT: String(SINK_HTTP_PORT) },
      url: `${SINK_URL}/health`,
      reuseExistingServer: !isCI,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 2_000 },
    },
    {
      name: 'tapnet',
      // The server `npm start` runs, as the build compiled it (`npm test` builds first).
      command: `rm -rf ${DATA_DIR} && node --liftoff-only --max-semi-space-size=16 dist-server/main.js`,
      // Playwright passes its own environment on beneath these, so SECURITY_TRAFFIC_RECORD reaches the
      // server when `npm run record:e2e-traffic` sets it.
      env: {
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        PUBLIC_URL: APP_URL,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: 'Tapnet E2E <no-reply@tapnet.test>',
        ADMIN_EMAIL: 'admin@tapnet.test',
        ADMIN_PASSWORD: 'Admin-e2e-Passw0rd',
        SECURITY_EMAIL: E2E_SECURITY.email,
        SECURITY_PASSWORD: E2E_SECURITY.password,
        // The public tile server is out of reach here: a loopback stand-in, up only in the journeys that use it.
        MAP_STYLE_URL: standInStyleUrl(),
        // Every journey registers its own people from this one address.
        RATE_LIMIT_SCALE: '20',
        // Loopback is the proxy: a test's X-Forwarded-For names a client elsewhere (the security journeys'
        // attackers); the browser's requests carry none and stay loopback.
        TRUST_PROXY: '127.0.0.1',
        // Secure cards' keys are sealed under this (tests/e2e/secure-card.spec.ts issues some).
        CARD_KEYS_SECRET: 'e2e secret for secure card keys, 32+ characters',
        // Only problems reach the test output.
        LOG_LEVEL: 'warn',
      },
      url: `${APP_URL}/api/health`,
      stdout: 'pipe',
      reuseExistingServer: !isCI,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ],
});
