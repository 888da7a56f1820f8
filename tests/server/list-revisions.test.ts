import { describe, expect, it } from 'vitest';
import { createListRevisions } from '../../server/properties/list-revisions';
import { REVISION_CHANNEL } from '../../server/sharing/share-link-check';
import { announcingDatabase } from './helpers/announcing-database';

/**
 * The revision every kept list page is keyed by: on PGlite it is kept until the database announces
 * that it moved (the API's side, a write outside the app showing on the next list, is in
 * property-list-cache.test.ts); elsewhere it is read on every request.
 */
describe('the owners’ list revisions', () => {
  /** A database whose announcements the test makes, and a read that counts and can announce. */
  function revisionsDatabase() {
    const { database, announce } = announcingDatabase(REVISION_CHANNEL);
    const stored = new Map<string, number>([
      ['owner', 4],
      ['colleague', 9],
    ]);
    const read = async (ownerId: string) => {
      read.calls += 1;
      const revision = stored.get(ownerId) ?? 0;
      read.during?.();
      return revision;
    };
    read.calls = 0;
    read.during = undefined as (() => void) | undefined;
    /** A write as the database makes it: the revision moves, then the announcement arrives. */
    const write = (ownerId: string) => {
      stored.set(ownerId, (stored.get(ownerId) ?? 0) + 1);
      announce(ownerId);
    };
    return { database, read, write };
  }

  /** The listen call resolves on a later turn; until then nothing is kept. */
  const listening = () => new Promise((resolve) => setImmediate(resolve));

  it('reads an owner’s revision once, and again only after the database announces that it moved', async () => {
    const { database, read, write } = revisionsDatabase();
    const revisions = createListRevisions(database, read);
    await listening();

    expect(await revisions.of('owner')).toBe(4);
    expect(await revisions.of('owner')).toBe(4);
    expect(read.calls).toBe(1);

    write('colleague');
    expect(await revisions.of('owner')).toBe(4);
    expect(read.calls).toBe(1);

    write('owner');
    expect(await revisions.of('owner')).toBe(5);
    expect(await revisions.of('owner')).toBe(5);
    expect(read.calls).toBe(2);
  });

  it('does not keep a revision read while a write was announced', async () => {
    const { database, read, write } = revisionsDatabase();
    const revisions = createListRevisions(database, read);
    await listening();

    // The write commits while the read is on its way back with the revision before it.
    read.during = () => write('owner');
    expect(await revisions.of('owner')).toBe(4);
    read.during = undefined;

    expect(await revisions.of('owner')).toBe(5);
    expect(await revisions.of('owner')).toBe(5);
    expect(read.calls).toBe(2);
  });

  it('reads on every request where the database cannot announce (PostgreSQL) or has not started to', async () => {
    const { read } = revisionsDatabase();
    const everyTime = createListRevisions(undefined, read);
    await everyTime.of('owner');
    await everyTime.of('owner');
    expect(read.calls).toBe(2);

    const failing = createListRevisions({ listen: async () => Promise.reject(new Error('no LISTEN')) }, read);
    await listening();
    await failing.of('owner');
    await failing.of('owner');
    expect(read.calls).toBe(4);

    const { database: slow, read: slowRead } = revisionsDatabase();
    const notYet = createListRevisions(
      { listen: (channel, callback) => listening().then(() => slow.listen(channel, callback)) },
      slowRead,
    );
    await notYet.of('owner');
    await notYet.of('owner');
    expect(slowRead.calls).toBe(2);
  });
});
