import { defineConfig } from 'vitest/config';
import { catalogueParts } from './apps/web/vite/catalogue-parts';

/**
 * Projects by environment (CONVENTIONS 14): `unit` (pure), `db` (API and repos on PGlite, or on
 * PostgreSQL when TEST_DATABASE_URL is set; `*.pg.test.ts` need that server and skip without it),
 * `e2e` (Chromium against a running server).
 */
export default defineConfig({
  test: {
    // Two test files at a time. Vitest's default, one fewer than the cores, is one on a 2-core
    // machine, which left a core idle whenever a file waited on a socket, a timer or the job queue.
    maxWorkers: 2,
    projects: [
      {
        // The web app's `?part=` catalogue imports (i18n.ts) resolve as in its build.
        plugins: [catalogueParts()],
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/src/**/*.test.tsx'],
          exclude: ['**/*.db.test.ts', '**/*.pg.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'db',
          include: [
            'apps/*/src/**/*.db.test.ts',
            'packages/*/src/**/*.db.test.ts',
            'apps/*/src/**/*.pg.test.ts',
            'packages/*/src/**/*.pg.test.ts',
          ],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Files share their worker's modules: each file still builds its own app on its own
          // database, but the server's modules and PGlite's compiled WebAssembly load once per
          // worker instead of once per file (half the project's CPU time). Server state that
          // outlives a file is kept per app context, never per module.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          globalSetup: ['e2e/global-setup.ts'],
          // Pages wait on a real server: give assertions that poll the page time to settle.
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
