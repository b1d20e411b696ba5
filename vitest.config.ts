import { defineConfig } from 'vitest/config';

// Four projects: unit, integration (test servers on SQLite), integration-pg (on PostgreSQL), e2e.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same integration tests with every test server on PostgreSQL (tests/support/server.ts),
        // less the engine tests under db/, which open both engines themselves.
        test: {
          name: 'integration-pg',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/db/{writer,ledger,postgres}-*.test.ts'],
          environment: 'node',
          env: { TEST_ENGINE: 'postgres' },
          globalSetup: ['tests/support/postgres-setup.ts'],
          // A test file starts its own servers and shares no module state: one module graph per
          // worker instead of one per file (importing the server was most of the run's time).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Two files at a time (a server and a browser each): a file mostly waits on its pages.
          maxWorkers: 2,
        },
      },
    ],
  },
});
