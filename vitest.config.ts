import { defineConfig } from 'vitest/config';

/**
 * Server test files whose assertions measure time or throughput (a health check's p99 while hostile
 * feeds are read, a signal answered within a grace period, generated requests in a time window). They
 * run on their own after the rest, so the other files' load cannot fail them.
 */
const TIMED_SERVER_TESTS = [
  'tests/server/hostile-feeds.test.ts',
  'tests/server/processes.test.ts',
  'tests/server/contract-conformance.test.ts',
];

/** CI has two cores: the other files share them, two at a time (vitest's default would be one). */
const TOGETHER = { maxWorkers: 2, sequence: { groupOrder: 0 } };
const ALONE = { maxWorkers: 1, sequence: { groupOrder: 1 } };

const serverFiles: { environment: 'node'; globalSetup: string[]; testTimeout: number; hookTimeout: number } =
  {
    environment: 'node',
    globalSetup: ['tests/server/global-setup.ts'],
    // Each file opens its own database; PGlite start-up dominates, so allow it time.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['fake-indexeddb/auto'],
          ...TOGETHER,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: TIMED_SERVER_TESTS,
          ...serverFiles,
          ...TOGETHER,
        },
      },
      {
        test: { name: 'server-timed', include: TIMED_SERVER_TESTS, ...serverFiles, ...ALONE },
      },
    ],
  },
});
