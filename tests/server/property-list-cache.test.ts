import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../server/db/schema';
import {
  createPropertyListCache,
  type ListRevision,
  PROPERTY_LIST_CACHE_TTL_MS,
} from '../../server/properties/property-list-cache';
import { FILE_URL_TTL_SECONDS } from '../../server/storage/file-url-signer';
import { appWithFilesForTests } from './helpers/app-for-tests';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import {
  createProperty,
  draftRetail,
  fileParts,
  multipart,
  type Property,
  type PropertyPage,
  SAMPLE_FILES,
} from './helpers/properties';
import { signedInUser } from './helpers/sign-in';

const OWNER = '00000000-0000-4000-8000-000000000001';
const OTHER_OWNER = '00000000-0000-4000-8000-000000000002';
const FIRST_PAGE = JSON.stringify([1, 5, null]);
const at = (revision: number, ownerId = OWNER): ListRevision => ({ ownerId, revision });

/** A read (page, count or summary) that says how often it ran. */
function reader<T>(value: T) {
  const read = async () => {
    read.calls += 1;
    return value;
  };
  read.calls = 0;
  return read;
}

describe('the property list cache', () => {
  it('reads a page once per list revision, and again once the revision moves', async () => {
    const cache = createPropertyListCache(createTestClock());
    const read = reader({ items: ['a', 'b'] });

    expect(await cache.page({ ownerId: OWNER }, FIRST_PAGE, at(1), 5, read)).toEqual({ items: ['a', 'b'] });
    expect(await cache.page({ ownerId: OWNER }, FIRST_PAGE, at(1), 5, read)).toEqual({ items: ['a', 'b'] });
    expect(read.calls).toBe(1);

    await cache.page({ ownerId: OTHER_OWNER }, FIRST_PAGE, at(7, OTHER_OWNER), 5, reader({ items: [] }));
    await cache.page({ ownerId: OWNER }, FIRST_PAGE, at(1), 5, read);
    expect(read.calls).toBe(1);

    await cache.page({ ownerId: OWNER }, FIRST_PAGE, at(2), 5, read);
    expect(read.calls).toBe(2);
  });

  it('keeps totals and summaries per revision too', async () => {
    const cache = createPropertyListCache(createTestClock());
    const count = reader(100_000);
    const summary = reader({ drafts: 3 });

    expect(await cache.total({ ownerId: OWNER }, at(4), count)).toBe(100_000);
    expect(await cache.total({ ownerId: OWNER }, at(4), count)).toBe(100_000);
    expect(await cache.summary(at(4), summary)).toEqual({ drafts: 3 });
    expect(await cache.summary(at(4), summary)).toEqual({ drafts: 3 });
    expect([count.calls, summary.calls]).toEqual([1, 1]);

    await cache.total({ ownerId: OWNER }, at(5), count);
    await cache.summary(at(5), summary);
    expect([count.calls, summary.calls]).toEqual([2, 2]);
  });

  it('reads every page from the database when pages are not kept (LIST_PAGE_CACHE=off), totals still kept', async () => {
    const cache = createPropertyListCache(createTestClock(), undefined, { keepPages: false });
    const read = reader({ items: ['a'] });
    const count = reader(100_000);

    await cache.page({ ownerId: OWNER }, FIRST_PAGE, at(1), 5, read);
    await cache.page({ ownerId: OWNER }, FIRST_PAGE, at(1), 5, read);
    await cache.total({ ownerId: OWNER }, at(1), count);
    await cache.total({ ownerId: OWNER }, at(1), count);

    expect([read.calls, count.calls]).toEqual([2, 1]);
  });

  it('keeps each page, page size, cursor, search, filter and owner apart', async () => {
    const cache = createPropertyListCache(createTestClock());
    const reads = Array.from({ length: 6 }, (_, index) => reader({ items: [String(index)] }));
    const drafts = [{ field: 'status', operator: 'equals', value: 'draft' }] as const;

    await cache.page({ ownerId: OWNER }, FIRST_PAGE, at(1), 5, reads[0] as never);
    await cache.page({ ownerId: OWNER }, JSON.stringify([2, 5, null]), at(1), 5, reads[1] as never);
    await cache.page({ ownerId: OWNER }, JSON.stringify([1, 10, null]), at(1), 10, reads[2] as never);
    await cache.page({ ownerId: OWNER, search: 'הרצ' }, FIRST_PAGE, at(1), 5, reads[3] as never);
    await cache.page({ ownerId: OWNER, filters: [...drafts] }, FIRST_PAGE, at(1), 5, reads[4] as never);
    const colleague = await cache.page(
      { ownerId: OTHER_OWNER },
      FIRST_PAGE,
      at(1, OTHER_OWNER),
      5,
      reads[5] as never,
    );

    expect(colleague).toEqual({ items: ['5'] });
    expect(reads.map((read) => read.calls)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('reads again once a page is older than its lifetime, well before its signed file URLs expire', async () => {
    expect(PROPERTY_LIST_CACHE_TTL_MS).toBeLessThan((FILE_URL_TTL_SECONDS * 1000) / 10);
    const clock = createTestClock();
    const cache = createPropertyListCache(clock);
    const read = reader({ items: [] });

    await cache.page({ ownerId: OWNER }, FIRST_PAGE, at(1), 5, read);
    clock.advance(PROPERTY_LIST_CACHE_TTL_MS - 1);
    await cache.page({ ownerId: OWNER }, FIRST_PAGE, at(1), 5, read);
    clock.advance(1);
    await cache.page({ ownerId: OWNER }, FIRST_PAGE, at(1), 5, read);

    expect(read.calls).toBe(2);
  });

  it('does not keep a page read at a revision that moved while it was read', async () => {
    const cache = createPropertyListCache(createTestClock());
    let finish: (value: { items: string[] }) => void = () => {};
    const slow = () => new Promise<{ items: string[] }>((resolve) => (finish = resolve));
    const fresh = reader({ items: ['new', 'old'] });

    const pending = cache.page({ ownerId: OWNER }, FIRST_PAGE, at(1), 5, slow);
    // A request after the write reads the new revision and does not join the read at the old one.
    expect(await cache.page({ ownerId: OWNER }, FIRST_PAGE, at(2), 5, fresh)).toEqual({
      items: ['new', 'old'],
    });
    finish({ items: ['old'] });
    expect(await pending).toEqual({ items: ['old'] });

    expect(await cache.page({ ownerId: OWNER }, FIRST_PAGE, at(2), 5, fresh)).toEqual({
      items: ['new', 'old'],
    });
    expect(fresh.calls).toBe(1);
  });

  it('keeps where a numbered page starts for its list, page size and revision, and forgets it when the revision moves', () => {
    const cache = createPropertyListCache(createTestClock());
    const row = { sort: 'updatedAt', order: 'desc', value: '2026-01-01 09:00:00+00', id: OWNER } as const;

    cache.rememberPageStart({ ownerId: OWNER }, at(3), 5, 7, row);
    expect(cache.pageStart({ ownerId: OWNER }, 5, 7)).toEqual({ revision: 3, after: row });
    expect(cache.pageStart({ ownerId: OWNER }, 10, 7)).toBeUndefined();
    expect(cache.pageStart({ ownerId: OWNER, search: 'הרצ' }, 5, 7)).toBeUndefined();
    expect(cache.pageStart({ ownerId: OTHER_OWNER }, 5, 7)).toBeUndefined();

    cache.rememberPageStart({ ownerId: OWNER }, at(4), 5, 8, row);
    expect(cache.pageStart({ ownerId: OWNER }, 5, 7)).toBeUndefined();
    expect(cache.pageStart({ ownerId: OWNER }, 5, 8)).toEqual({ revision: 4, after: row });
  });

  it('lets requests that arrive during a read share it, and keeps nothing when it fails', async () => {
    const cache = createPropertyListCache(createTestClock());
    let fail: (error: Error) => void = () => {};
    let calls = 0;
    const failing = () => {
      calls += 1;
      return new Promise<never>((_resolve, reject) => (fail = reject));
    };

    const first = cache.page({ ownerId: OWNER }, FIRST_PAGE, at(1), 5, failing);
    const second = cache.page({ ownerId: OWNER }, FIRST_PAGE, at(1), 5, failing);
    fail(new Error('database went away'));
    await expect(first).rejects.toThrow('database went away');
    await expect(second).rejects.toThrow('database went away');
    expect(calls).toBe(1);

    const read = reader({ items: ['a'] });
    expect(await cache.page({ ownerId: OWNER }, FIRST_PAGE, at(1), 5, read)).toEqual({ items: ['a'] });
  });
});

describe('kept list pages through the API', () => {
  const testApp = appWithFilesForTests();
  let owner: Record<string, string>;

  beforeAll(async () => {
    owner = (await signedInUser(testApp)).headers;
  });

  const list = async (): Promise<PropertyPage> => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/property/list', headers: owner });
    expect(response.statusCode).toBe(200);
    return response.json().data as PropertyPage;
  };
  const coverOf = async (id: string) => (await list()).items.find((item) => item.id === id)?.coverImageUrl;

  it('shows a change made past this server (plain SQL) on the next list, on PGlite as on PostgreSQL', async () => {
    const created = await createProperty(testApp, owner, draftRetail({ address: 'הברזל 1' }));
    const before = await list();
    await testApp.db.update(properties).set({ address: 'שונה בשקט' }).where(eq(properties.id, created.id));

    const after = await list();

    expect(before.items[0]?.address).toBe('הברזל 1');
    expect(after.items.find((item) => item.id === created.id)?.address).toBe('שונה בשקט');
  });

  it('agrees with a second server on the same database: its writes show here at once', async () => {
    const second = await buildTestApp({
      database: testApp.database,
      clock: testApp.clock,
      config: { dataDir: testApp.dataDir },
    });
    try {
      const totalBefore = (await list()).totalCount;
      const created = await createProperty(second, owner, draftRetail({ address: 'המסגר 9' }));

      const after = await list();
      expect(after.totalCount).toBe(totalBefore + 1);
      expect(after.items.map((item) => item.id)).toContain(created.id);

      const removal = await second.app.inject({
        method: 'DELETE',
        url: `/api/property/delete/soft/${created.id}`,
        headers: owner,
      });
      expect(removal.statusCode).toBe(200);
      const afterRemoval = await list();
      expect(afterRemoval.totalCount).toBe(totalBefore);
      expect(afterRemoval.items.map((item) => item.id)).not.toContain(created.id);
    } finally {
      await second.close();
    }
  });

  it('shows the owner their own writes at once: create, update, delete, restore, upload, file removal', async () => {
    testApp.clock.advance(1000);
    const property = await createProperty(testApp, owner, draftRetail({ address: 'התעשייה 5' }));
    // Created a second after the first test's property: the newest, so first on the list.
    expect((await list()).items[0]?.id).toBe(property.id);

    const update = await testApp.app.inject({
      method: 'PUT',
      url: `/api/property/update/${property.id}`,
      headers: owner,
      payload: { address: 'התעשייה 7' },
    });
    expect(update.statusCode).toBe(200);
    expect((await list()).items[0]?.address).toBe('התעשייה 7');

    expect(await coverOf(property.id)).toBeNull();
    const body = multipart(fileParts('PropertyImages', 0, SAMPLE_FILES.png, { filename: 'חזית.png' }));
    const upload = await testApp.app.inject({
      method: 'POST',
      url: `/api/property/${property.id}/files`,
      headers: { ...owner, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(200);
    const image = (upload.json().data as Property).files.propertyImages[0];
    expect(await coverOf(property.id)).toContain(`/property/files/${image?.id}?`);

    const removal = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/property/files/${image?.id}`,
      headers: owner,
    });
    expect(removal.statusCode).toBe(200);
    expect(await coverOf(property.id)).toBeNull();

    const softDelete = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/property/delete/soft/${property.id}`,
      headers: owner,
    });
    expect(softDelete.statusCode).toBe(200);
    expect((await list()).items.map((item) => item.id)).not.toContain(property.id);

    const restore = await testApp.app.inject({
      method: 'POST',
      url: `/api/property/restore/${property.id}`,
      headers: owner,
    });
    expect(restore.statusCode).toBe(200);
    expect((await list()).items[0]?.id).toBe(property.id);
  });
});

describe('list pages not kept (LIST_PAGE_CACHE=off): the page reads its own revision', () => {
  const testApp = appWithFilesForTests();
  let owner: Record<string, string>;

  beforeAll(async () => {
    owner = (await signedInUser(testApp)).headers;
  });

  it('counts again once another server writes, though the page showed no end', async () => {
    const cold = await buildTestApp({
      database: testApp.database,
      clock: testApp.clock,
      config: { dataDir: testApp.dataDir, listPageCache: false },
    });
    const firstOfOne = async (): Promise<PropertyPage> => {
      const response = await cold.app.inject({
        method: 'GET',
        url: '/api/property/list?pageSize=1',
        headers: owner,
      });
      expect(response.statusCode).toBe(200);
      return response.json().data as PropertyPage;
    };
    try {
      await createProperty(testApp, owner, draftRetail({ address: 'הנפח 1' }));
      await createProperty(testApp, owner, draftRetail({ address: 'הנפח 2' }));
      // One row of two: the total is counted once and kept for the revision the page was read at.
      expect((await firstOfOne()).totalCount).toBe(2);
      expect((await firstOfOne()).totalCount).toBe(2);

      testApp.clock.advance(1000);
      const created = await createProperty(testApp, owner, draftRetail({ address: 'הנפח 3' }));

      const after = await firstOfOne();
      expect(after.totalCount).toBe(3);
      expect(after.items[0]?.id).toBe(created.id);
    } finally {
      await cold.close();
    }
  });

  it('counts a total once for requests that all arrive before anyone counted it', async () => {
    const cold = await buildTestApp({
      database: testApp.database,
      clock: testApp.clock,
      config: { dataDir: testApp.dataDir, listPageCache: false },
    });
    // Both drivers' drizzle databases hand every statement to their client's query.
    const { $client: client } = cold.db as unknown as { $client: { query: (...args: unknown[]) => unknown } };
    const query = client.query;
    let counts = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (text?.startsWith('select count(*)')) counts += 1;
      return query.apply(this, args);
    };
    try {
      await createProperty(testApp, owner, draftRetail({ address: 'העדר 1' }));
      await createProperty(testApp, owner, draftRetail({ address: 'העדר 2' }));
      const pages = await Promise.all(
        Array.from({ length: 20 }, () =>
          cold.app.inject({
            method: 'GET',
            url: '/api/property/list?pageSize=1&search=העדר',
            headers: owner,
          }),
        ),
      );

      for (const page of pages) expect((page.json().data as PropertyPage).totalCount).toBe(2);
      expect(counts).toBe(1);
    } finally {
      client.query = query;
      await cold.close();
    }
  });

  it('answers a page asked by its number, again and after the page before it, as the cursor does, and moves with a write', async () => {
    const cold = await buildTestApp({
      database: testApp.database,
      clock: testApp.clock,
      config: { dataDir: testApp.dataDir, listPageCache: false },
    });
    const broker = (await signedInUser(testApp)).headers;
    const pageOf = async (search: string, server = cold.app): Promise<PropertyPage> => {
      const response = await server.inject({
        method: 'GET',
        url: `/api/property/list?pageSize=2&${search}`,
        headers: broker,
      });
      expect(response.statusCode).toBe(200);
      return response.json().data as PropertyPage;
    };
    const ids = (page: PropertyPage) => page.items.map((item) => item.id);
    /** Every page of a sort as the app reads them: the first, then each by the previous one's cursor. */
    const byCursor = async (sort: string, server = cold.app): Promise<string[][]> => {
      const pages: string[][] = [];
      let next: string | null = null;
      for (let page = 1; page === 1 || next !== null; page += 1) {
        const read: PropertyPage = await pageOf(
          `${sort}&page=${page}${next ? `&after=${next}` : ''}`,
          server,
        );
        pages.push(ids(read));
        next = read.nextCursor ?? null;
      }
      return pages;
    };
    try {
      // Seven, two of them without a total area (the rows a sort by area puts last, in both orders).
      for (const totalArea of [300, undefined, 120, 450, undefined, 120, 80]) {
        await createProperty(testApp, broker, draftRetail({ address: `השקד ${totalArea}`, totalArea }));
        testApp.clock.advance(1000);
      }
      for (const sort of ['sort=updatedAt', 'sort=totalArea&order=asc', 'sort=totalArea&order=desc']) {
        const expected = await byCursor(sort);
        expect(expected.flat()).toHaveLength(7);
        // In order (each page's start is where the one before it ended), then backwards, then again.
        for (const page of [1, 2, 3, 4, 4, 3, 2, 3]) {
          expect(ids(await pageOf(`${sort}&page=${page}`)), `${sort}, page ${page}`).toEqual(
            expected[page - 1],
          );
        }
      }

      // Deleting the newest through the other server moves every later row one place up: the next
      // page asked by its number here is not read from where it started before.
      const before = (await byCursor('sort=updatedAt')).flat();
      expect(ids(await pageOf('sort=updatedAt&page=3'))).toEqual(before.slice(4, 6));
      const deleted = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/property/delete/soft/${before[0]}`,
        headers: broker,
      });
      expect(deleted.statusCode).toBe(200);
      const third = await pageOf('sort=updatedAt&page=3');
      const second = await pageOf('sort=updatedAt&page=2');
      const now = (await byCursor('sort=updatedAt', testApp.app)).flat();
      expect(now).toEqual(before.slice(1));
      expect(ids(third)).toEqual(now.slice(4, 6));
      expect(third).toMatchObject({ totalCount: 6, hasNextPage: false });
      expect(ids(second)).toEqual(now.slice(2, 4));
    } finally {
      await cold.close();
    }
  });
});
