import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import {
  createDataDir,
  createProperty,
  draftRetail,
  fileParts,
  filesOnDisk,
  multipart,
  pngOfSize,
  SAMPLE_FILES,
} from './helpers/properties';
import { signedInUser } from './helpers/sign-in';

/**
 * What one user may store: a per-request byte cap, a quota they can see ("X of Y used") that holds
 * under parallel uploads, and images whose header promises more pixels than any camera takes.
 */

const KB = 1024;
const QUOTA = 300 * KB;
const REQUEST_CAP = 200 * KB;

/** A PNG of `size` bytes: the 1×1 sample with padding after IEND (readers stop there). */
const png = (size: number) => Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(size - SAMPLE_FILES.png.length)]);

describe('storage limits', () => {
  let ctx: TestApp;
  let data: Awaited<ReturnType<typeof createDataDir>>;

  beforeAll(async () => {
    data = await createDataDir();
    ctx = await buildTestApp({
      config: { dataDir: data.dataDir, storageQuotaBytes: QUOTA, maxUploadRequestBytes: REQUEST_CAP },
    });
  });

  afterAll(async () => {
    await ctx.close();
    await data.remove();
  });

  const upload = (headers: Record<string, string>, files: Buffer[]) => {
    const body = multipart([
      { name: 'property', value: JSON.stringify(draftRetail()) },
      ...files.flatMap((file, index) => fileParts('PropertyImages', index, file)),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/property/create-with-files',
      headers: { ...headers, ...body.headers, 'accept-language': 'en' },
      payload: body.payload,
    });
  };
  const usage = async (headers: Record<string, string>) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/storage/usage', headers })).json().data as {
      usedBytes: number;
      quotaBytes: number;
    };

  it('shows each user how much of their quota is used, and refuses the upload that would pass it', async () => {
    const { headers } = await signedInUser(ctx);
    expect(await usage(headers)).toEqual({ usedBytes: 0, quotaBytes: QUOTA });

    const first = await upload(headers, [png(150 * KB)]);
    const second = await upload(headers, [png(100 * KB)]);
    const over = await upload(headers, [png(60 * KB)]);

    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ success: false, code: 'storage_quota_exceeded' });
    expect(over.json().Message).toMatch(/storage/);
    expect(await usage(headers)).toEqual({ usedBytes: 250 * KB, quotaBytes: QUOTA });
  });

  it('caps the bytes of one request, over all its files, before they are stored', async () => {
    const { headers } = await signedInUser(ctx);
    const before = await filesOnDisk(data.dataDir);

    const response = await upload(headers, [png(120 * KB), png(120 * KB)]);

    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'upload_too_large' });
    expect(await filesOnDisk(data.dataDir)).toEqual(before);
    expect((await usage(headers)).usedBytes).toBe(0);
  });

  it('holds the quota under parallel uploads: their sum never passes it', async () => {
    const { headers } = await signedInUser(ctx);

    const responses = await Promise.all(Array.from({ length: 6 }, () => upload(headers, [png(90 * KB)])));
    const statuses = responses.map((response) => response.statusCode).sort();

    expect(statuses).toEqual([201, 201, 201, 413, 413, 413]);
    expect((await usage(headers)).usedBytes).toBe(270 * KB);
  });

  it('refuses a 40,000 × 40,000 PNG (1.6 gigapixels in a few kilobytes) with 413 image_too_large', async () => {
    const { headers } = await signedInUser(ctx);
    const property = await createProperty(ctx, headers, draftRetail());
    const bomb = pngOfSize(40_000, 40_000);
    const body = multipart(fileParts('PropertyImages', 0, bomb));

    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/property/${property.id}/files`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    const created = await upload(headers, [bomb]);
    const camera = await upload(headers, [pngOfSize(8_000, 6_000)]);

    for (const response of [added, created]) {
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ success: false, code: 'image_too_large' });
      expect(JSON.stringify(response.json().details)).toContain('40000x40000');
    }
    expect(camera.statusCode).toBe(201);
  });
});
