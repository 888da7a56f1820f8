import { defineConfig } from 'vitest/config';
import { alias } from '../../vite.config';

/**
 * Real-browser journeys (`npm run test:e2e`): Debian's Chromium against the real server, which the
 * global setup builds (when needed) and starts once for the run. Files run one after another: one
 * browser and one server at a time is all two cores carry without timing noise.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/journeys/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A retry would hide a flaky journey; a failing one should be looked at.
    retry: 0,
  },
});
