import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { alias } from './vite.config';

/**
 * Screen files that replace a module with `vi.mock` (never shared with other files: in a shared worker
 * the module may already be loaded by another file, and the mock never runs). A test holds this list to
 * the screen files that call `vi.mock` (tests/scripts/mocking-screen-tests.test.ts).
 */
export const MOCKING_SCREEN_TESTS = [
  'tests/app/toasts-on-demand.test.tsx',
  'tests/components/phone-input-before-rules.test.tsx',
  'tests/features/property-wizard/sign-out-unavailable.test.tsx',
];

export const screenTests = {
  environment: 'happy-dom',
  include: [
    'tests/features/**/*.test.tsx',
    'tests/components/**/*.test.tsx',
    'tests/app/**/*.test.tsx',
    'tests/ui-walks/**/*.test.tsx',
  ],
  setupFiles: ['tests/setup/ui.ts'],
  // Screen tests may start the real server in-process (PGlite); that takes seconds on a busy machine.
  testTimeout: 20_000,
  hookTimeout: 60_000,
};

/**
 * Four projects: pure code (machines, domain, contract, scripts' helpers) in node; React screens in happy-dom
 * (those that mock a module apart);
 * the server against a real PGlite (or PostgreSQL when DATABASE_URL is set).
 *
 * `isolate: false`: a project's files share their worker processes and the modules loaded there.
 * Isolated, every file forked a new process and evaluated Fastify, React, Mantine and the app again, which cost more
 * than the tests themselves (docs/testing.md). Each file still builds its own app, database and screen;
 * what a file changes outside those (timers, globals, mocks, the language) it puts back.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Two workers at least: vitest's default (one fewer than the cores) gives a 2-core machine one,
    // and the run was serial while vitest's own process, which only transforms and reports, left the
    // second core idle (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          isolate: false,
          include: [
            'tests/machines/**/*.test.ts',
            'tests/domain/**/*.test.ts',
            'tests/contract/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/scripts/**/*.test.ts',
            'tests/e2e/support/**/*.test.ts',
          ],
        },
      },
      {
        resolve: { alias },
        esbuild: { jsx: 'automatic' },
        test: {
          ...screenTests,
          name: 'ui',
          isolate: false,
          exclude: [...configDefaults.exclude, ...MOCKING_SCREEN_TESTS],
        },
      },
      {
        resolve: { alias },
        esbuild: { jsx: 'automatic' },
        // vi.mock replaces a module for the whole worker: these files get one of their own.
        test: { ...screenTests, name: 'ui-mocked', include: MOCKING_SCREEN_TESTS },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // One PGlite per test file (each builds its own app on its own database).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
