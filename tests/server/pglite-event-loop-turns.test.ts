import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/database';

/**
 * PGlite runs on the server's own thread. While statements queue for it, the server must still get
 * turns of its event loop to accept connections and read requests (issue 26: without them, a
 * connection opened under load waited seconds for its first answer).
 */
describe('PGlite under a queue of statements', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory://', migrate: false });
  });

  afterAll(async () => {
    await database.close();
  });

  it('lets the event loop take a turn before the queue has run out', async () => {
    const finished: string[] = [];
    const statements = Array.from({ length: 20 }, (_, index) =>
      database.db.execute(sql`select ${index}::int as n`).then(() => finished.push(`statement ${index}`)),
    );
    // Stands for the socket callbacks of the poll phase, which a turn of the loop runs.
    setImmediate(() => finished.push('turn'));
    await Promise.all(statements);

    expect(finished).toContain('turn');
    expect(finished.indexOf('turn')).toBeLessThan(5);
    expect(finished.filter((entry) => entry.startsWith('statement'))).toHaveLength(20);
  });

  it('still runs queued statements in the order they were issued', async () => {
    const finished: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        database.db.execute(sql`select ${index}::int as n`).then(() => finished.push(index)),
      ),
    );

    expect(finished).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
