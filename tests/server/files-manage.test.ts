import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { propertyFiles } from '../../server/db/schema';
import { appWithFilesForTests } from './helpers/app-for-tests';
import {
  draftRetail,
  fileParts,
  filesOnDisk,
  multipart,
  type Property,
  type PropertyPage,
  SAMPLE_FILES,
} from './helpers/properties';
import { signedInUser } from './helpers/sign-in';

describe('property files: order, removal, download', () => {
  const testApp = appWithFilesForTests();
  let owner: Record<string, string>;
  let ownerId: string;
  let stranger: Record<string, string>;

  beforeAll(async () => {
    const signedIn = await signedInUser(testApp);
    owner = signedIn.headers;
    ownerId = signedIn.user.id;
    stranger = (await signedInUser(testApp)).headers;
  });

  /** A draft with three images (a.png, b.jpg, c.png), a floorplan PDF and a video. */
  const createWithMedia = async (address = 'הברזל 30') => {
    const body = multipart([
      { name: 'property', value: JSON.stringify(draftRetail({ address })) },
      ...fileParts('PropertyImages', 0, SAMPLE_FILES.png, { filename: 'a.png' }),
      ...fileParts('PropertyImages', 1, SAMPLE_FILES.jpeg, { filename: 'b.jpg' }),
      ...fileParts('PropertyImages', 2, SAMPLE_FILES.png, { filename: 'c.png' }),
      ...fileParts('Floorplans', 0, SAMPLE_FILES.pdf, { filename: 'תוכנית קומה.pdf' }),
      ...fileParts('Videos', 0, SAMPLE_FILES.mp4, { filename: 'סיור.mp4' }),
    ]);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/property/create-with-files',
      headers: { ...owner, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json().data as Property;
  };
  const request = (
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string> = owner,
    payload?: object,
  ) => testApp.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const storageKeyOf = async (fileId: string) => {
    const [row] = await testApp.db.select().from(propertyFiles).where(eq(propertyFiles.id, fileId));
    return row?.storageKey;
  };
  const isOnDisk = async (storageKey: string | undefined) =>
    (await filesOnDisk(testApp.dataDir)).includes(storageKey ?? 'missing');
  const names = (property: Property) => property.files.propertyImages.map((file) => file.fileName);

  describe('keeping, reordering and removing files on update', () => {
    it('takes each list as the files to keep in display order, and deletes the rest from disk', async () => {
      const property = await createWithMedia();
      const [a, b, c] = property.files.propertyImages;
      const removedKey = await storageKeyOf(b?.id ?? '');
      expect(await isOnDisk(removedKey)).toBe(true);

      const response = await request('PUT', `/api/property/update/${property.id}`, owner, {
        images: [c?.id, a?.id],
      });

      expect(response.statusCode).toBe(200);
      const updated = response.json().data as Property;
      expect(names(updated)).toEqual(['c.png', 'a.png']);
      expect(updated.files.propertyImages.map((file) => file.position)).toEqual([0, 1]);
      expect(updated.files.floorplans).toHaveLength(1);
      expect(updated.files.videos).toHaveLength(1);
      expect(await isOnDisk(removedKey)).toBe(false);
    });

    it('leaves the files of a group whose list is not sent', async () => {
      const property = await createWithMedia();

      const response = await request('PUT', `/api/property/update/${property.id}`, owner, {
        propertyVideos: [],
      });

      const updated = response.json().data as Property;
      expect(updated.files.videos).toEqual([]);
      expect(names(updated)).toEqual(['a.png', 'b.jpg', 'c.png']);
      expect(updated.files.floorplans).toHaveLength(1);
    });

    it('refuses ids from another group or another property, and changes nothing', async () => {
      const property = await createWithMedia();
      const other = await createWithMedia();

      const response = await request('PUT', `/api/property/update/${property.id}`, owner, {
        images: [property.files.floorplans[0]?.id, other.files.propertyImages[0]?.id],
      });

      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { path: 'body/images/0', message: 'unknownFile' },
        { path: 'body/images/1', message: 'unknownFile' },
      ]);
      const after = (await request('GET', `/api/property/${property.id}`)).json().data as Property;
      expect(names(after)).toEqual(['a.png', 'b.jpg', 'c.png']);
    });
  });

  describe('deleting one file', () => {
    it('removes the row and the bytes, and closes the gap in the order', async () => {
      const property = await createWithMedia();
      const [, b] = property.files.propertyImages;
      const key = await storageKeyOf(b?.id ?? '');

      const response = await request('DELETE', `/api/property/files/${b?.id}`);

      expect(response.statusCode).toBe(200);
      const updated = response.json().data as Property;
      expect(updated.files.propertyImages.map((file) => [file.fileName, file.position])).toEqual([
        ['a.png', 0],
        ['c.png', 1],
      ]);
      expect(await isOnDisk(key)).toBe(false);
      expect((await request('DELETE', `/api/property/files/${b?.id}`)).statusCode).toBe(404);
    });

    it('answers 404 to another user and keeps the file', async () => {
      const property = await createWithMedia();
      const file = property.files.floorplans[0];

      const response = await request('DELETE', `/api/property/files/${file?.id}`, stranger);

      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
      expect(await isOnDisk(await storageKeyOf(file?.id ?? ''))).toBe(true);
      expect((await testApp.app.inject({ method: 'GET', url: file?.url ?? '' })).statusCode).toBe(200);
    });
  });

  describe('hard delete', () => {
    it.each([
      ['a live property', false],
      ['a soft-deleted property', true],
    ])('removes every file of %s from disk', async (_name, softDeleteFirst) => {
      const property = await createWithMedia();
      const keys = await Promise.all(
        [...property.files.propertyImages, ...property.files.floorplans, ...property.files.videos].map(
          (file) => storageKeyOf(file.id),
        ),
      );
      if (softDeleteFirst) await request('DELETE', `/api/property/delete/soft/${property.id}`);

      const response = await request('DELETE', `/api/property/delete/hard/${property.id}`);

      expect(response.statusCode).toBe(200);
      const onDisk = await filesOnDisk(testApp.dataDir);
      expect(keys.filter((key) => onDisk.includes(key ?? ''))).toEqual([]);
      const rows = await testApp.db
        .select()
        .from(propertyFiles)
        .where(eq(propertyFiles.propertyId, property.id));
      expect(rows).toEqual([]);
    });

    it('answers 404 to another user and removes nothing', async () => {
      const property = await createWithMedia();

      const response = await request('DELETE', `/api/property/delete/hard/${property.id}`, stranger);

      expect(response.statusCode).toBe(404);
      expect(await isOnDisk(await storageKeyOf(property.files.videos[0]?.id ?? ''))).toBe(true);
    });
  });

  describe('download by signed URL', () => {
    it('serves an image inline with its sniffed type, nosniff, a sandbox CSP and a private cache', async () => {
      const property = await createWithMedia();
      const image = property.files.propertyImages[0];

      const response = await testApp.app.inject({ method: 'GET', url: image?.url ?? '' });

      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(SAMPLE_FILES.png);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-disposition']).toBe(
        `inline; filename="a.png"; filename*=UTF-8''a.png`,
      );
      expect(response.headers['cache-control']).toBe('private, max-age=600');
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox",
      );
      expect(response.headers['content-length']).toBe(String(SAMPLE_FILES.png.length));
    });

    it('sends a document as an attachment, its Hebrew name in RFC 5987 form', async () => {
      const property = await createWithMedia();

      const response = await testApp.app.inject({
        method: 'GET',
        url: property.files.floorplans[0]?.url ?? '',
      });

      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="______ ____.pdf"; filename*=UTF-8''${encodeURIComponent('תוכנית קומה.pdf')}`,
      );
    });

    it('serves a video inline and answers byte ranges, so players can seek', async () => {
      const property = await createWithMedia();
      const url = property.files.videos[0]?.url ?? '';

      const whole = await testApp.app.inject({ method: 'GET', url });
      const range = await testApp.app.inject({ method: 'GET', url, headers: { range: 'bytes=4-11' } });
      const tail = await testApp.app.inject({ method: 'GET', url, headers: { range: 'bytes=-8' } });
      const outside = await testApp.app.inject({ method: 'GET', url, headers: { range: 'bytes=9999-' } });

      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.headers['content-disposition']).toMatch(/^inline;/);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(range.statusCode).toBe(206);
      expect(range.rawPayload.toString()).toBe('ftypisom');
      expect(range.headers['content-range']).toBe(`bytes 4-11/${SAMPLE_FILES.mp4.length}`);
      expect(tail.rawPayload).toEqual(SAMPLE_FILES.mp4.subarray(-8));
      expect(outside.statusCode).toBe(416);
      expect(outside.headers['content-range']).toBe(`bytes */${SAMPLE_FILES.mp4.length}`);
    });

    it('answers 304 when the browser already has this version', async () => {
      const property = await createWithMedia();
      const url = property.files.propertyImages[0]?.url ?? '';
      const first = await testApp.app.inject({ method: 'GET', url });

      const again = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(first.headers.etag) },
      });

      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
    });

    it('answers 404 once the URL has expired (15 minutes at least, 20 at most)', async () => {
      const property = await createWithMedia();
      const url = property.files.propertyImages[0]?.url ?? '';

      const issuedAt = testApp.clock.now();
      try {
        testApp.clock.advance(14 * 60 * 1000);
        expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(200);
        testApp.clock.advance(6 * 60 * 1000 + 1000);
        const expired = await testApp.app.inject({ method: 'GET', url });

        expect(expired.statusCode).toBe(404);
        expect(expired.json().code).toBe('not_found');
      } finally {
        // The bearer tokens of this file live 15 minutes on the same clock.
        testApp.clock.set(issuedAt);
      }
    });

    it('answers 404 to a tampered URL: another signature, expiry or file', async () => {
      const property = await createWithMedia();
      const url = new URL(property.files.propertyImages[0]?.url ?? '', 'http://x');
      const otherFile = property.files.propertyImages[1]?.id ?? '';
      const sig = url.searchParams.get('sig') ?? '';
      const expires = Number(url.searchParams.get('expires'));
      const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;

      for (const tampered of [
        `${url.pathname}?expires=${expires}&sig=${flipped}`,
        `${url.pathname}?expires=${expires + 3600}&sig=${sig}`,
        `/api/property/files/${otherFile}?expires=${expires}&sig=${sig}`,
        `/api/property/files/${crypto.randomUUID()}?expires=${expires}&sig=${sig}`,
      ]) {
        const response = await testApp.app.inject({ method: 'GET', url: tampered });
        expect(response.statusCode).toBe(404);
      }
      expect(
        (await testApp.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode,
      ).toBe(200);
    });

    it('stops serving the files of a soft-deleted property, and serves them again after restore', async () => {
      const property = await createWithMedia();
      const url = property.files.propertyImages[0]?.url ?? '';

      await request('DELETE', `/api/property/delete/soft/${property.id}`);
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      await testApp.app.inject({
        method: 'POST',
        url: `/api/property/restore/${property.id}`,
        headers: owner,
      });
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    });

    it('gives the list its cover: a signed URL of the first image, following the order', async () => {
      const property = await createWithMedia('כתובת השער 1');
      const list = async () =>
        (await request('GET', `/api/property/list?search=${encodeURIComponent('כתובת השער')}`)).json()
          .data as PropertyPage;

      const cover = (await list()).items[0]?.coverImageUrl ?? '';
      expect(cover).toMatch(new RegExp(`^/api/property/files/${property.files.propertyImages[0]?.id}\\?`));
      const served = await testApp.app.inject({ method: 'GET', url: cover });
      expect(served.rawPayload).toEqual(SAMPLE_FILES.png);

      const [a, b] = property.files.propertyImages;
      await request('PUT', `/api/property/update/${property.id}`, owner, { images: [b?.id, a?.id] });
      expect((await list()).items[0]?.coverImageUrl).toMatch(new RegExp(`^/api/property/files/${b?.id}\\?`));

      await request('PUT', `/api/property/update/${property.id}`, owner, { images: [] });
      expect((await list()).items[0]?.coverImageUrl).toBeNull();
    });

    it('keeps every stored file under the owner’s directory with a generated name', async () => {
      const onDisk = (await filesOnDisk(testApp.dataDir)).filter((path) => !path.startsWith('.tmp/'));
      expect(onDisk.length).toBeGreaterThan(0);
      for (const path of onDisk) expect(path).toMatch(new RegExp(`^${ownerId}/[0-9a-f-]{36}$`));
    });
  });
});
