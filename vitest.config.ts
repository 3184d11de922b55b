import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import SummaryReporter from './scripts/summary-reporter.ts';

// In CI every suite runs: a missing database or Redis server fails the run instead of skipping suites.
if (process.env.CI) {
  for (const variable of ['TEST_DATABASE_URL', 'TEST_REDIS_URL']) {
    if (!process.env[variable])
      throw new Error(
        `CI runs every suite: ${variable} must name a running server (.ci/run sets it when one answers).`,
      );
  }
}

/**
 * Suites named *.postgres.int.test.ts need a PostgreSQL server (several processes on one
 * database); *.pglite.int.test.ts are about PGlite's own data directories.
 */
const integration = (database: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `integration-${database}`,
    include: ['server/**/*.int.test.ts'],
    exclude: database === 'pglite' ? ['**/*.postgres.int.test.ts'] : ['**/*.pglite.int.test.ts'],
    env: { TEST_DB: database },
    globalSetup: ['server/test/global-setup.ts'],
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // At least two files at a time, the end-to-end ones too (Vitest's default is one worker fewer
    // than the cores, one on two): most files spend much of their time waiting on a server, a
    // browser or a database (ARCHITECTURE.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', new SummaryReporter()],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: { name: 'web', include: ['web/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      integration('pglite'),
      // The same suite against a PostgreSQL server, when one is given.
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // After the other files, by when the demo catalogue they start from is drawn.
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // A page answering in a browser on a busy 2-core machine can take more than expect.poll's
          // default second; a poll returns as soon as it passes, only a failing one waits it out.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
