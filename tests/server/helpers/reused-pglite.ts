import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../server/db/database';

/**
 * A test file's PGlite, handed to the next file of the same worker once this one closes it. Opening a
 * PGlite from the migrated template loads its whole data directory into a new WebAssembly instance;
 * emptying the tables of one already open takes a small fraction of that (docs/testing.md). The next
 * file gets the database as the template left it: every table empty, every sequence at its start, the
 * connection's settings, prepared statements, temporary tables and advisory locks discarded
 * (`DISCARD ALL`), and nothing listening. A database whose schema no longer matches the template's
 * (a test that altered it), that does not empty in time, or that was not closed cleanly is closed
 * instead, as before.
 */

/** Idle databases of this worker; a file that opens several at once takes several. */
const idle: Database[] = [];
/** At most this many wait idle: more than any file holds open at once is memory for nothing. */
const MAX_IDLE = 2;
/** A database still busy after this long (a transaction left open) is closed rather than reused. */
const RESET_LIMIT_MS = 5_000;

let templateShape: Promise<string> | undefined;

/** A database of this worker emptied after an earlier file, or undefined. */
export async function takeIdlePglite(): Promise<Database | undefined> {
  const database = idle.pop();
  return database && reusable(database);
}

/**
 * `fresh`, just opened from the template, whose close() empties it and keeps it for the next file
 * instead of ending it.
 */
export async function reusablePglite(fresh: Database): Promise<Database> {
  templateShape ??= schemaShape(fresh);
  await templateShape;
  return reusable(fresh);
}

function reusable(base: Database): Database {
  const stops = new Set<() => Promise<void>>();
  let closing: Promise<void> | undefined;
  const listen = base.listen;
  // Once closed, this file's handle refuses work as a closed PGlite would, rather than reading or
  // writing the database the next file was handed.
  const refuseWhenClosed = () => {
    if (closing) throw new Error('this test file closed its database; it now belongs to another file');
  };
  const db = new Proxy(base.db, {
    get(target, property, receiver) {
      refuseWhenClosed();
      return Reflect.get(target, property, receiver);
    },
  });
  return {
    kind: base.kind,
    db,
    async ping() {
      refuseWhenClosed();
      await base.ping();
    },
    ...(listen && {
      async listen(channel: string, callback: (payload: string) => void) {
        const stop = await listen(channel, callback);
        // Stopped once: a second stop after the database moved on would end the next file's listening.
        const tracked = async () => {
          if (!stops.delete(tracked)) return;
          await stop();
        };
        stops.add(tracked);
        return tracked;
      },
    }),
    close() {
      closing ??= (async () => {
        // What a file left listening would hear the next file's writes.
        for (const stop of [...stops]) await stop();
        if (idle.length < MAX_IDLE && (await emptied(base))) idle.push(base);
        else await base.close();
      })();
      return closing;
    },
  };
}

/** Empties `database` back to the template's state; false when it cannot be trusted to be. */
async function emptied(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), RESET_LIMIT_MS);
  });
  try {
    return await Promise.race([reset(database), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

async function reset(database: Database): Promise<boolean> {
  const { db } = database;
  await db.execute(sql`DISCARD ALL`);
  const [{ tables } = { tables: null }] = await queryRows<{ tables: string | null }>(
    db,
    sql`select string_agg(format('%I.%I', schemaname, tablename), ', ') as tables
        from pg_tables where schemaname = 'public'`,
  );
  if (tables) await db.execute(sql.raw(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`));
  await db.execute(
    sql`select setval(format('%I.%I', schemaname, sequencename)::regclass, start_value, false)
        from pg_sequences where schemaname = 'public'`,
  );
  return (await schemaShape(database)) === (await templateShape);
}

/**
 * A digest of everything the migrations made in the public schema (columns, indexes, constraints,
 * triggers, functions, views): equal digests mean a test changed none of it.
 */
async function schemaShape(database: Database): Promise<string> {
  const [row] = await queryRows<{ shape: string }>(
    database.db,
    sql`select md5(coalesce(string_agg(item, '|' order by item), '')) as shape from (
      select format('column %s.%s %s %s %s', table_name, column_name, data_type, column_default, is_nullable) as item
        from information_schema.columns where table_schema = 'public'
      union all select 'index ' || indexdef from pg_indexes where schemaname = 'public'
      union all select format('constraint %s %s', conname, pg_get_constraintdef(oid))
        from pg_constraint where connamespace = 'public'::regnamespace
      union all select format('trigger %s %s', tgname, tgrelid::regclass) from pg_trigger where not tgisinternal
      union all select format('function %s %s', oid::regprocedure, md5(prosrc))
        from pg_proc where pronamespace = 'public'::regnamespace
      union all select 'view ' || table_name from information_schema.views where table_schema = 'public'
    ) as items`,
  );
  return row?.shape ?? '';
}
