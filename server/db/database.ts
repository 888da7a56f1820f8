import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate } from 'node:timers';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { REPO_ROOT } from '../repo-root';
import { type Announcements, createPostgresAnnouncements } from './announcements';
import { GENERIC_PLAN_OPTIONS, GenericPlanPool } from './generic-plans';
import { NAMED_STATEMENT_OPTIONS, NamedStatementsClient } from './named-statements-client';
import * as schema from './schema';

export type Schema = typeof schema;

/**
 * The one database type repositories take. Both drivers are the same drizzle PgDatabase, so a
 * repository cannot tell PGlite from PostgreSQL. Pass a transaction (`tx`) where a Db is expected
 * to run a repository call inside it.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Rows of a raw SQL query (counts, EXPLAIN, anything the query builder does not express). Both
 * drivers answer `{ rows }`; the union Db type cannot know that, so it is said once, here.
 */
export async function queryRows<Row extends Record<string, unknown>>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Db;
  /** A round trip (`select 1`); rejects when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `callback` with each payload announced on `channel` (NOTIFY) and answers how to stop.
   * Only where an announcement is delivered before the announcing write returns to its caller:
   * PGlite (one process, delivered with the commit). PostgreSQL delivers to other processes some
   * time after the commit, so there it is absent and callers read the database instead.
   */
  listen?(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL's announcements, heard on a connection of their own some time after each commit,
   * with a wait until every server has heard them (announcements.ts). Absent on PGlite: `listen`.
   */
  announcements?: Announcements;
}

/** Announcements as one interface on both drivers, or undefined where nothing is heard. */
export type HeardAnnouncements = Pick<Announcements, 'listen' | 'heardEverywhere'>;

/**
 * The database's announcements: PostgreSQL's own, or PGlite's `listen`, whose announcements are
 * heard before the announcing write returns, so there is never anything to wait for.
 */
export function announcementsOf(
  database: Pick<Database, 'listen' | 'announcements'> | undefined,
): HeardAnnouncements | undefined {
  if (database?.announcements) return database.announcements;
  const listen = database?.listen;
  if (!listen) return undefined;
  return {
    async listen(channel, callback, state) {
      const stop = await listen(channel, callback);
      state(true);
      return stop;
    },
    async heardEverywhere() {},
  };
}

export type DatabaseOptions =
  /** PostgreSQL through a node-postgres pool. */
  | { kind: 'postgres'; url: string; poolSize?: number; migrate?: boolean }
  /** PGlite in a data directory, or 'memory://' for a throwaway database. */
  | { kind: 'pglite'; dataDir: string; migrate?: boolean }
  /** An already open PGlite (a test template, say); closed with the Database. */
  | { kind: 'pglite'; client: PGlite; migrate?: boolean };

export const MIGRATIONS_DIR = join(REPO_ROOT, 'server/db/migrations');

/** Extensions every PGlite must load so that the migrations (CREATE EXTENSION pg_trgm) apply. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export function databaseOptionsFromConfig(config: {
  databaseUrl: string | null;
  databasePoolSize?: number;
  dataDir: string;
}): DatabaseOptions {
  if (config.databaseUrl) {
    return {
      kind: 'postgres',
      url: config.databaseUrl,
      ...(config.databasePoolSize === undefined ? {} : { poolSize: config.databasePoolSize }),
    };
  }
  return { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
}

/** Opens the database and, unless told otherwise, brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.kind === 'postgres' ? openPostgres(options) : await openPglite(options);
  if (options.migrate !== false) {
    try {
      await migrateDatabase(database);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'postgres') {
    await migrateNodePg(database.db as Parameters<typeof migrateNodePg>[0], config);
  } else {
    await migratePglite(database.db as Parameters<typeof migratePglite>[0], config);
  }
}

function openPostgres(options: { url: string; poolSize?: number }): Database {
  // A bounded wait for a connection: with the server unreachable a request fails (503) within
  // seconds instead of hanging until the client gives up.
  const pool = new GenericPlanPool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    // Each connection parses a statement once (named-statements-client.ts).
    Client: NamedStatementsClient,
    options: NAMED_STATEMENT_OPTIONS,
    // Statements marked as right with one plan for every value run on connections of their own.
    genericOptions: GENERIC_PLAN_OPTIONS,
  });
  // An idle client that loses its server emits 'error' on the pool; without a listener it would crash the process.
  pool.on('error', () => {});
  // Opened on the first listener or wait, so a server that keeps nothing opens no extra connection.
  const announcements = createPostgresAnnouncements(options.url);
  return {
    ...databaseOf('postgres', drizzleNodePg({ client: pool, schema }), {
      async close() {
        await announcements.close();
        await pool.end();
      },
    }),
    announcements,
  };
}

/** A Database over either driver: the ping is the same round trip on both. */
function databaseOf(kind: DatabaseKind, db: Db, rest: Pick<Database, 'close' | 'listen'>): Database {
  return {
    kind,
    db,
    async ping() {
      await db.execute(sql`select 1`);
    },
    ...rest,
  };
}

/**
 * PGlite is a single connection. It already queues every query and transaction behind one mutex,
 * so transactions never interleave; the price is that a query issued on `db` (not on the `tx`)
 * from inside a transaction waits for that transaction forever. Always use `tx` inside one.
 */
async function openPglite(options: { dataDir: string } | { client: PGlite }): Promise<Database> {
  let client: PGlite;
  if ('client' in options) {
    client = options.client;
  } else {
    if (!options.dataDir.startsWith('memory://')) await mkdir(options.dataDir, { recursive: true });
    client = await PGlite.create(options.dataDir, { extensions: PGLITE_EXTENSIONS });
  }
  startFewStatementsPerTurn(client);
  return databaseOf('pglite', drizzlePglite({ client, schema }), {
    async close() {
      if (!client.closed) await client.close();
    },
    async listen(channel, callback) {
      const stop = await client.listen(channel, callback);
      return async () => {
        if (!client.closed) await stop();
      };
    },
  });
}

/** How many PGlite statements (or transactions) may start in one phase of the event loop. */
const STATEMENTS_PER_TURN = 1;

/**
 * PGlite runs every statement on this thread, inside promise continuations: without a limit, one
 * turn of the event loop runs the statements of every request in flight back to back, and the
 * server reads sockets and accepts connections only between turns, one connection per turn (libuv
 * accepts one at a time since Node 20). At 50 busy connections a turn lasted 50 requests' work, and
 * a connection opened meanwhile waited seconds for its first answer (issue 26, docs/benchmarks.md).
 * Here a statement starts at once only while few have started in this turn; the others wait for the
 * next turn (setImmediate), in order, so the poll phase comes round between every few statements.
 */
function startFewStatementsPerTurn(client: PGlite): void {
  let started = 0;
  let resetScheduled = false;
  const waiting: (() => void)[] = [];
  const nextTurn = () => {
    resetScheduled = false;
    started = 0;
    while (started < STATEMENTS_PER_TURN && waiting.length > 0) {
      started += 1;
      (waiting.shift() as () => void)();
    }
    scheduleReset();
  };
  const scheduleReset = () => {
    if (resetScheduled || (started === 0 && waiting.length === 0)) return;
    resetScheduled = true;
    setImmediate(nextTurn);
  };
  const slot = (): Promise<void> | undefined => {
    if (started < STATEMENTS_PER_TURN && waiting.length === 0) {
      started += 1;
      scheduleReset();
      return undefined;
    }
    scheduleReset();
    return new Promise<void>((resolve) => waiting.push(resolve));
  };
  const target = client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = (target[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    target[name] = (...args: unknown[]) => {
      const wait = slot();
      return wait ? wait.then(() => original(...args)) : original(...args);
    };
  }
}
