import { defineConfig } from 'vitest/config';

const apiTests = ['apps/api/src/**/*.test.ts'];
// Tests of several instances sharing PostgreSQL and Redis (*.pg.test.ts) only mean something on a
// server database: PGlite is one process with one connection.
const serverOnlyTests = ['apps/api/src/**/*.pg.test.ts'];
const withServer = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      // .tsx: component tests render to static markup (no DOM needed).
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          environment: 'node',
        },
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
          // A browser waits on the server and on rendering: polls get the same patience as locators.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
