import { defineConfig } from 'vitest/config';
import { alias } from './vite.config';

/**
 * Three projects: pure code (machines, domain, contract, scripts' helpers) in node; React screens in happy-dom;
 * the server against a real PGlite (or PostgreSQL when DATABASE_URL is set).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
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
          name: 'ui',
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
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // One PGlite per test file; files run in parallel across the two cores.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
