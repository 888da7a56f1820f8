import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../../server/db/database';
import { DEFAULT_SEED_PHONE, seedProperties } from '../../seed';

/** The portfolio every benchmark measures: one broker with 100,000 properties. */
export const BENCH_PROPERTY_COUNT = 100_000;
export const BENCH_PHONE = DEFAULT_SEED_PHONE;
/** Same rows every run, so two runs (or two databases) see the same data. */
export const BENCH_RANDOM_SEED = 42;

export interface SeededDatabase {
  database: Database;
  userId: string;
  seedMilliseconds: number;
  /** The PGlite data directory (undefined on PostgreSQL). */
  dataDir: string | undefined;
  /** Closes the database and deletes what this run created. */
  dispose(): Promise<void>;
}

/**
 * A migrated database holding the bench portfolio: PGlite in a fresh temp dir, or the PostgreSQL of
 * `databaseUrl` (its properties table emptied first, so a reused cluster gives the same counts).
 */
export async function openSeededDatabase(options: {
  databaseUrl?: string | undefined;
  count?: number;
}): Promise<SeededDatabase> {
  const count = options.count ?? BENCH_PROPERTY_COUNT;
  let dataDir: string | undefined;
  let database: Database;
  if (options.databaseUrl) {
    database = await openDatabase({ kind: 'postgres', url: options.databaseUrl });
    await database.db.execute(sql`truncate properties cascade`);
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'nechasim-bench-'));
    database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  }
  const seeded = await seedProperties(database, {
    count,
    phone: BENCH_PHONE,
    randomSeed: BENCH_RANDOM_SEED,
  });
  return {
    database,
    userId: seeded.userId,
    seedMilliseconds: seeded.milliseconds,
    dataDir,
    async dispose() {
      await database.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
