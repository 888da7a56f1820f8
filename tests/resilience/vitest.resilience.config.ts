import { defineConfig } from 'vitest/config';
import { alias } from '../../vite.config';

/**
 * Kill, drain and outage runs (`npm run test:resilience`): each file starts the real server as a
 * child process (`tsx server/main.ts`), and one needs PostgreSQL's server binaries. Files run one
 * after another: two cores carry one server and its load at a time without timing noise.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    name: 'resilience',
    environment: 'node',
    include: ['tests/resilience/**/*.test.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 240_000,
    hookTimeout: 120_000,
    retry: 0,
  },
});
