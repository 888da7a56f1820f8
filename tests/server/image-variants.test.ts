import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithFilesForTests } from './helpers/app-for-tests';
import { createProperty, filesOnDisk, publishableOffice } from './helpers/properties';
import { addFiles, samplePhoto } from './helpers/share';
import { signedInUser } from './helpers/sign-in';

describe('resized photos for the app (signed URL + width)', () => {
  const testApp = appWithFilesForTests();
  let headers: Record<string, string>;

  beforeAll(async () => {
    headers = (await signedInUser(testApp)).headers;
  });

  it('answers a thumbnail of the asked width and format, never wider than the original', async () => {
    const property = await createProperty(testApp, headers, publishableOffice());
    const withPhoto = await addFiles(testApp, headers, property.id, {
      PropertyImages: [{ content: await samplePhoto(800, 600) }],
    });
    const url = withPhoto.files.propertyImages[0]?.url as string;

    const thumbnail = await testApp.app.inject({ method: 'GET', url: `${url}&width=320&format=webp` });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.headers['cache-control']).toContain('immutable');
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(320);

    const jpeg = await testApp.app.inject({ method: 'GET', url: `${url}&width=1600&format=jpeg` });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(jpeg.rawPayload).metadata()).width).toBe(800);

    const refused = await testApp.app.inject({ method: 'GET', url: `${url}&width=333` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, code: 'validation_failed' });
  });

  it('removes the resized copies with the property', async () => {
    const property = await createProperty(testApp, headers, publishableOffice());
    const withPhoto = await addFiles(testApp, headers, property.id, {
      PropertyImages: [{ content: await samplePhoto(800, 600) }],
    });
    const before = await filesOnDisk(testApp.dataDir);
    const url = withPhoto.files.propertyImages[0]?.url as string;
    await testApp.app.inject({ method: 'GET', url: `${url}&width=320&format=webp` });
    expect((await filesOnDisk(testApp.dataDir)).length).toBe(before.length + 1);

    await testApp.app.inject({ method: 'DELETE', url: `/api/property/delete/hard/${property.id}`, headers });
    expect((await filesOnDisk(testApp.dataDir)).length).toBe(before.length - 1);
  });
});
