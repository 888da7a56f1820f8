import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../server/db/schema';
import { createListCountCache, LIST_COUNT_TTL_MS } from '../../server/properties/list-count-cache';
import { FILE_URL_TTL_SECONDS } from '../../server/storage/file-url-signer';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app';
import {
  createDataDir,
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

/** A page read that says how often it ran. */
function reader(items: string[]) {
  const read = async () => {
    read.calls += 1;
    return { items };
  };
  read.calls = 0;
  return read;
}

describe('kept list pages', () => {
  it('reads a page once while the owner changes nothing, and again after their next write', async () => {
    const cache = createListCountCache(createTestClock());
    const read = reader(['a', 'b']);

    expect(await cache.page({ ownerId: OWNER }, FIRST_PAGE, 5, read)).toEqual({ items: ['a', 'b'] });
    expect(await cache.page({ ownerId: OWNER }, FIRST_PAGE, 5, read)).toEqual({ items: ['a', 'b'] });
    expect(read.calls).toBe(1);

    cache.forgetOwner(OTHER_OWNER);
    await cache.page({ ownerId: OWNER }, FIRST_PAGE, 5, read);
    expect(read.calls).toBe(1);

    cache.forgetOwner(OWNER);
    await cache.page({ ownerId: OWNER }, FIRST_PAGE, 5, read);
    expect(read.calls).toBe(2);
  });

  it('keeps each page, page size, cursor, search and filter apart', async () => {
    const cache = createListCountCache(createTestClock());
    const reads = Array.from({ length: 5 }, (_, index) => reader([String(index)]));
    const drafts = [{ field: 'status', operator: 'equals', value: 'draft' }] as const;

    await cache.page({ ownerId: OWNER }, FIRST_PAGE, 5, reads[0] as () => Promise<unknown>);
    await cache.page({ ownerId: OWNER }, JSON.stringify([2, 5, null]), 5, reads[1] as never);
    await cache.page({ ownerId: OWNER }, JSON.stringify([1, 10, null]), 10, reads[2] as never);
    await cache.page({ ownerId: OWNER, search: 'הרצ' }, FIRST_PAGE, 5, reads[3] as never);
    const filtered = await cache.page(
      { ownerId: OWNER, filters: [...drafts] },
      FIRST_PAGE,
      5,
      reads[4] as never,
    );

    expect(filtered).toEqual({ items: ['4'] });
    expect(reads.map((read) => read.calls)).toEqual([1, 1, 1, 1, 1]);
  });

  it('reads again once a page is older than its lifetime, well before its signed file URLs expire', async () => {
    expect(LIST_COUNT_TTL_MS).toBeLessThan((FILE_URL_TTL_SECONDS * 1000) / 10);
    const clock = createTestClock();
    const cache = createListCountCache(clock);
    const read = reader([]);

    await cache.page({ ownerId: OWNER }, FIRST_PAGE, 5, read);
    clock.advance(LIST_COUNT_TTL_MS - 1);
    await cache.page({ ownerId: OWNER }, FIRST_PAGE, 5, read);
    clock.advance(1);
    await cache.page({ ownerId: OWNER }, FIRST_PAGE, 5, read);

    expect(read.calls).toBe(2);
  });

  it('does not keep a page that was being read when the owner wrote', async () => {
    const cache = createListCountCache(createTestClock());
    let finish: (value: { items: string[] }) => void = () => {};
    const slow = () => new Promise<{ items: string[] }>((resolve) => (finish = resolve));
    const fresh = reader(['new', 'old']);

    const pending = cache.page({ ownerId: OWNER }, FIRST_PAGE, 5, slow);
    cache.forgetOwner(OWNER);
    // A request after the write does not join the read that started before it.
    expect(await cache.page({ ownerId: OWNER }, FIRST_PAGE, 5, fresh)).toEqual({ items: ['new', 'old'] });
    finish({ items: ['old'] });
    expect(await pending).toEqual({ items: ['old'] });

    expect(await cache.page({ ownerId: OWNER }, FIRST_PAGE, 5, fresh)).toEqual({ items: ['new', 'old'] });
    expect(fresh.calls).toBe(1);
  });

  it('lets requests that arrive during a read share it, and keeps nothing when it fails', async () => {
    const cache = createListCountCache(createTestClock());
    let fail: (error: Error) => void = () => {};
    let calls = 0;
    const failing = () => {
      calls += 1;
      return new Promise<never>((_resolve, reject) => (fail = reject));
    };

    const first = cache.page({ ownerId: OWNER }, FIRST_PAGE, 5, failing);
    const second = cache.page({ ownerId: OWNER }, FIRST_PAGE, 5, failing);
    fail(new Error('database went away'));
    await expect(first).rejects.toThrow('database went away');
    await expect(second).rejects.toThrow('database went away');
    expect(calls).toBe(1);

    const read = reader(['a']);
    expect(await cache.page({ ownerId: OWNER }, FIRST_PAGE, 5, read)).toEqual({ items: ['a'] });
  });
});

describe('kept list pages through the API', () => {
  let testApp: TestApp;
  let dataDir: { dataDir: string; remove(): Promise<void> };
  let owner: Record<string, string>;

  beforeAll(async () => {
    dataDir = await createDataDir();
    testApp = await buildTestApp({ config: { dataDir: dataDir.dataDir } });
    owner = (await signedInUser(testApp)).headers;
  });
  afterAll(async () => {
    await testApp.close();
    await dataDir.remove();
  });

  const list = async (): Promise<PropertyPage> => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/property/list', headers: owner });
    expect(response.statusCode).toBe(200);
    return response.json().data as PropertyPage;
  };
  const coverOf = async (id: string) => (await list()).items.find((item) => item.id === id)?.coverImageUrl;

  it('serves a page read once again on PGlite, where no other process writes', async () => {
    const created = await createProperty(testApp, owner, draftRetail({ address: 'הברזל 1' }));
    const before = await list();
    // A change this server did not make (no such writer exists on PGlite, which one process owns).
    await testApp.db.update(properties).set({ address: 'שונה בשקט' }).where(eq(properties.id, created.id));

    const after = await list();

    const expected = testApp.database.kind === 'pglite' ? 'הברזל 1' : 'שונה בשקט';
    expect(before.items[0]?.address).toBe('הברזל 1');
    expect(after.items.find((item) => item.id === created.id)?.address).toBe(expected);
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
