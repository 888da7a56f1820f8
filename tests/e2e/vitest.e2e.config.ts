import { defineConfig } from 'vitest/config';
import { alias } from '../../vite.config';
import { JOURNEY_WORKERS } from './support/journey-workers';

/**
 * Real-browser journeys (`npm run test:e2e`): Debian's Chromium against the real server, which the
 * global setup builds (when needed) once for the run and starts once per worker. Two files run at a
 * time, each worker with its own browser and its own server: a journey mostly waits (for the page,
 * the server, an animation), and one file at a time left the second core idle (docs/testing.md).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/journeys/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    maxWorkers: JOURNEY_WORKERS,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A retry would hide a flaky journey; a failing one should be looked at.
    retry: 0,
  },
});
