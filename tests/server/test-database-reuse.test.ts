/**
 * Test files of a worker take over each other's PGlite (tests/server/helpers/reused-pglite.ts): what
 * one file leaves in its database must never reach the next. Each test closes a database as a file
 * does and opens the next one the way the next file would.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/database';
import { users } from '../../server/db/schema';
import { createUser } from './helpers/sign-in';
import { createTestDatabase } from './helpers/test-database';

const count = async (database: Awaited<ReturnType<typeof createTestDatabase>>, table: string) => {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql.raw(`select count(*)::int as n from ${table}`),
  );
  return row?.n;
};

describe('a test database after another file used one', () => {
  it('has no rows, settings or temporary tables of the file before', async () => {
    const before = await createTestDatabase();
    await createUser(before.db);
    await before.db.execute(sql`set statement_timeout = 1234`);
    await before.db.execute(sql`create temporary table leftover (id int)`);
    await before.close();

    const after = await createTestDatabase();
    try {
      await expect(count(after, 'users')).resolves.toBe(0);
      await expect(count(after, 'property_list_revisions')).resolves.toBe(0);
      const [setting] = await queryRows<{ statement_timeout: string }>(after.db, sql`show statement_timeout`);
      expect(setting?.statement_timeout).toBe('0');
      const temporary = await queryRows(after.db, sql`select 1 from pg_tables where tablename = 'leftover'`);
      expect(temporary).toEqual([]);
      await createUser(after.db);
      await expect(after.db.select().from(users)).resolves.toHaveLength(1);
    } finally {
      await after.close();
    }
  });

  it('refuses work from the file that closed it, as a closed database would', async () => {
    const before = await createTestDatabase();
    await before.close();

    const after = await createTestDatabase();
    try {
      // A write the closed file still had pending must not land in the database the next file holds.
      await expect(async () => createUser(before.db)).rejects.toThrow();
      await expect(before.ping()).rejects.toThrow();
      await expect(count(after, 'users')).resolves.toBe(0);
    } finally {
      await after.close();
    }
  });

  it('has the migrated schema, even after a file changed it', async () => {
    const before = await createTestDatabase();
    await before.db.execute(sql`create table added_by_a_test (id int)`);
    await before.db.execute(sql`alter table users add column added_by_a_test int`);
    await before.close();

    const after = await createTestDatabase();
    try {
      const added = await queryRows(
        after.db,
        sql`select 1 from information_schema.columns where table_name = 'added_by_a_test' or column_name = 'added_by_a_test'`,
      );
      expect(added).toEqual([]);
    } finally {
      await after.close();
    }
  });

  it('delivers an announcement to the file listening now, not to the one that listened before', async () => {
    const before = await createTestDatabase();
    const heardBefore: string[] = [];
    if (!before.listen) {
      // Only PGlite listens; on PostgreSQL every file gets a database of its own, nothing is handed on.
      expect(before.kind).toBe('postgres');
      await before.close();
      return;
    }
    await before.listen('handed_on', (payload) => heardBefore.push(payload));
    await before.close();

    const after = await createTestDatabase();
    try {
      const heard: string[] = [];
      await after.listen?.('handed_on', (payload) => heard.push(payload));
      await after.db.execute(sql`select pg_notify('handed_on', 'now')`);
      await expect.poll(() => heard).toEqual(['now']);
      expect(heardBefore).toEqual([]);
    } finally {
      await after.close();
    }
  });
});
