import { defineConfig } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts'];
// Tests of several instances sharing PostgreSQL and Redis (*.pg.test.ts) only mean something on a
// server database: PGlite is one process with one connection.
const serverOnlyTests = ['apps/api/src/**/*.pg.test.ts'];
const apiSetup = 'apps/api/src/test/global-setup.ts';
const withServer = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      // Checks of the repository itself (the architecture rules…).
      {
        test: { name: 'tools', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
      {
        test: {
          name: 'api',
          include: apiTests,
          exclude: serverOnlyTests,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_DB_DRIVER: 'pglite' },
          // One migrated template per run, copied by each file's database (decision 057).
          globalSetup: [apiSetup],
        },
      },
      ...(withServer
        ? [
            {
              test: {
                name: 'api-pg',
                include: apiTests,
                environment: 'node' as const,
                testTimeout: 30_000,
                hookTimeout: 60_000,
                env: { TEST_DB_DRIVER: 'pg' },
                globalSetup: [apiSetup],
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          globalSetup: ['e2e/support/global-setup.ts'],
          // TEST_NOW=2027-02-28T15:00:00Z runs the suite as on that day (server, browser and tests).
          setupFiles: ['e2e/support/test-now.ts'],
          // A browser waits on the server and on rendering: polls get the same patience as locators.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
