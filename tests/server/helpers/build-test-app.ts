import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../../../server/app';
import type { Clock } from '../../../server/clock';
import { type AppConfig, loadConfig } from '../../../server/config';
import type { Database, Db } from '../../../server/db/database';
import { createTestDatabase } from './test-database';

/** A clock that stands still until a test moves it. */
export interface TestClock extends Clock {
  set(time: Date | string): void;
  advance(milliseconds: number): void;
}

export function createTestClock(start: Date | string = '2025-03-01T09:00:00.000Z'): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (time) => {
      current = new Date(time).getTime();
    },
    advance: (milliseconds) => {
      current += milliseconds;
    },
  };
}

export const TEST_JWT_SECRET = 'test-only-secret-0123456789abcdef0123456789abcdef';

/**
 * The config of a test app: NODE_ENV=test, silent logs, dev SMS, a known JWT secret and no built
 * client (tests that need one pass `clientDir`). Override anything per test.
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: join(tmpdir(), 'nechasim-test-data'),
    CLIENT_DIR: join(tmpdir(), 'nechasim-no-client'),
  });
  return { ...base, jwtSecret: TEST_JWT_SECRET, ...overrides };
}

export interface TestAppOptions extends Omit<AppDeps, 'clock' | 'database'> {
  config?: Partial<AppConfig>;
  /** Share one database between several apps of a file; otherwise each app gets a fresh one. */
  database?: Database;
  clock?: TestClock;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Db;
  clock: TestClock;
  config: AppConfig;
  /** Closes the app, and the database too when buildTestApp created it. */
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh migrated database (in-memory PGlite, or PostgreSQL when
 * DATABASE_URL is set). Call it once per file, in beforeAll, and close it in afterAll.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { config: overrides, database: given, clock = createTestClock(), ...deps } = options;
  const database = given ?? (await createTestDatabase());
  const config = testConfig(overrides);
  const app = await buildApp(config, { ...deps, clock, database });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    clock,
    config,
    async close() {
      await app.close();
      if (!given) await database.close();
    },
  };
}
