import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/database';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { type LocalS3, startLocalS3 } from './helpers/local-s3';
import {
  createDataDir,
  draftRetail,
  fileParts,
  filesOnDisk,
  multipart,
  type Part,
  type Property,
  SAMPLE_FILES,
} from './helpers/properties';
import { signedInUser } from './helpers/sign-in';

/**
 * FILE_STORE=s3 against s3rver started here (127.0.0.1, a port the OS picks): the same API, the
 * bytes in the bucket, reads answered by a presigned URL of the bucket.
 */
describe('property files in S3-compatible object storage', () => {
  let s3: LocalS3;
  let testApp: TestApp;
  let dataDir: { dataDir: string; remove(): Promise<void> };
  let owner: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    s3 = await startLocalS3();
    dataDir = await createDataDir();
    testApp = await buildTestApp({ config: { dataDir: dataDir.dataDir, fileStore: s3.settings } });
    owner = await signedInUser(testApp);
  });
  afterEach(async () => {
    await testApp.db.execute(sql`drop trigger if exists property_files_fail_at_commit on property_files`);
  });
  afterAll(async () => {
    await testApp.close();
    await s3.stop();
    await dataDir.remove();
  });

  const send = (method: 'POST', url: string, parts: Part[]) => {
    const body = multipart(parts);
    return testApp.app.inject({
      method,
      url,
      payload: body.payload,
      headers: { ...owner.headers, ...body.headers },
    });
  };
  const createWithFiles = (files: Part[]) =>
    send('POST', '/api/property/create-with-files', [
      { name: 'property', value: JSON.stringify(draftRetail()) },
      ...files,
    ]);
  const storageKeys = async () =>
    (
      await queryRows<{ key: string }>(
        testApp.db,
        sql`select storage_key as key from property_files where owner_id = ${owner.user.id} order by 1`,
      )
    ).map((row) => row.key);

  it('stores uploads in the bucket under their storage keys, nothing on the local disk', async () => {
    const response = await createWithFiles([
      ...fileParts('PropertyImages', 0, SAMPLE_FILES.png),
      ...fileParts('Floorplans', 0, SAMPLE_FILES.pdf),
    ]);

    expect(response.statusCode, response.body).toBe(201);
    const keys = await storageKeys();
    expect(keys).toHaveLength(2);
    expect(await s3.keys()).toEqual(keys);
    expect(keys.every((key) => key.startsWith(`${owner.user.id}/`))).toBe(true);
    expect(await filesOnDisk(dataDir.dataDir)).toEqual([]);
  });

  it('answers a signed file URL with a presigned read of the bucket: the bytes, their type and name', async () => {
    const created = (
      await createWithFiles(fileParts('PropertyImages', 0, SAMPLE_FILES.png, { filename: 'חזית.png' }))
    ).json().data as Property;
    const image = created.files.propertyImages[0];
    expect(image).toBeDefined();

    const imageUrl = image?.url ?? '';
    const redirect = await testApp.app.inject({ method: 'GET', url: imageUrl });

    expect(redirect.statusCode).toBe(302);
    const location = redirect.headers.location as string;
    expect(location.startsWith(`${s3.settings.endpoint}/${s3.settings.bucket}/${owner.user.id}/`)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');
    const read = await fetch(location);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('content-disposition')).toContain('inline');
    expect(Buffer.from(await read.arrayBuffer()).equals(SAMPLE_FILES.png)).toBe(true);

    const forged = await testApp.app.inject({
      method: 'GET',
      url: imageUrl.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`),
    });
    expect(forged.statusCode).toBe(404);
  });

  it('lets the page load images from the bucket (CSP img-src and media-src)', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toMatch(new RegExp(`img-src [^;]*${s3.settings.endpoint}`));
    expect(csp).toMatch(new RegExp(`media-src [^;]*${s3.settings.endpoint}`));
  });

  it('deletes the object with the file, and every object of a property deleted for good', async () => {
    const created = (
      await createWithFiles([
        ...fileParts('PropertyImages', 0, SAMPLE_FILES.png),
        ...fileParts('PropertyImages', 1, SAMPLE_FILES.jpeg),
      ])
    ).json().data as Property;
    const [first, second] = created.files.propertyImages;
    const before = await s3.keys();

    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/property/files/${first?.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await s3.keys()).length).toBe(before.length - 1);

    const hardDelete = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/property/delete/hard/${created.id}`,
      headers: owner.headers,
    });
    expect(hardDelete.statusCode).toBe(200);
    expect((await s3.keys()).length).toBe(before.length - 2);
    expect(await s3.keys()).not.toContain(second?.id);
  });

  it('creates all or nothing: objects uploaded before the commit fails are deleted again', async () => {
    const before = await s3.keys();
    // The commit itself fails, after every file of the request is in the bucket.
    await testApp.db.execute(sql`
      create or replace function fail_at_commit() returns trigger language plpgsql as $$
      begin raise exception 'refused at commit'; end; $$`);
    await testApp.db.execute(sql`
      create constraint trigger property_files_fail_at_commit after insert on property_files
      deferrable initially deferred for each row execute function fail_at_commit()`);

    const response = await createWithFiles([
      ...fileParts('PropertyImages', 0, SAMPLE_FILES.png),
      ...fileParts('Floorplans', 0, SAMPLE_FILES.pdf),
    ]);

    expect(response.statusCode).toBe(500);
    expect(await s3.keys()).toEqual(before);
    expect(await filesOnDisk(dataDir.dataDir)).toEqual([]);
  });
});
