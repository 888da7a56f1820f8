import { MAX_CAPTION_LENGTH } from '@domain/media-rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithFilesForTests } from './helpers/app-for-tests';
import {
  draftRetail,
  fileParts,
  multipart,
  type Property,
  publishableOffice,
  SAMPLE_FILES,
} from './helpers/properties';
import { createShareLink } from './helpers/share';
import { signedInUser } from './helpers/sign-in';

/** A photo's caption: sent with the upload, changed on update, shown on the share page. */
describe('photo captions', () => {
  const testApp = appWithFilesForTests({ sharePageRateLimit: 1000 });
  let owner: Record<string, string>;

  beforeAll(async () => {
    owner = (await signedInUser(testApp)).headers;
  });

  const captionPart = (group: string, index: number, caption: string) => ({
    name: `files.${group}[${index}].Caption`,
    value: caption,
  });

  /** Two photos (the first with the given caption) and a floorplan, in one create-with-files request. */
  const createWithPhotos = async (caption: string, input = draftRetail()) => {
    const body = multipart([
      { name: 'property', value: JSON.stringify(input) },
      ...fileParts('PropertyImages', 0, SAMPLE_FILES.png, { filename: 'front.png' }),
      captionPart('PropertyImages', 0, caption),
      ...fileParts('PropertyImages', 1, SAMPLE_FILES.jpeg, { filename: 'lobby.jpg' }),
      ...fileParts('Floorplans', 0, SAMPLE_FILES.pdf, { filename: 'plan.pdf' }),
    ]);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/property/create-with-files',
      headers: { ...owner, ...body.headers },
      payload: body.payload,
    });
  };
  const update = (id: string, payload: object) =>
    testApp.app.inject({ method: 'PUT', url: `/api/property/update/${id}`, headers: owner, payload });
  const captions = (property: Property) => property.files.propertyImages.map((file) => file.caption);

  it('stores the caption sent with a photo (trimmed) and leaves the others without one', async () => {
    const response = await createWithPhotos('  חזית הבניין מרחוב הברזל  ');

    expect(response.statusCode).toBe(201);
    const property = response.json().data as Property;
    expect(captions(property)).toEqual(['חזית הבניין מרחוב הברזל', null]);
    expect(property.files.floorplans[0]?.caption).toBeNull();
  });

  it('takes captions for files added to a stored property', async () => {
    const created = (await createWithPhotos('חזית')).json().data as Property;
    const body = multipart([
      ...fileParts('PropertyImages', 0, SAMPLE_FILES.png, { filename: 'kitchen.png' }),
      captionPart('PropertyImages', 0, 'מטבחון'),
    ]);
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/property/${created.id}/files`,
      headers: { ...owner, ...body.headers },
      payload: body.payload,
    });

    expect(response.statusCode).toBe(200);
    expect(captions(response.json().data as Property)).toEqual(['חזית', null, 'מטבחון']);
  });

  it('sets, changes and clears captions on update, keeping those not named', async () => {
    const created = (await createWithPhotos('חזית')).json().data as Property;
    const [front, lobby] = created.files.propertyImages;

    const set = await update(created.id, { imageCaptions: { [lobby?.id ?? '']: 'לובי כניסה' } });
    expect(set.statusCode).toBe(200);
    expect(captions(set.json().data as Property)).toEqual(['חזית', 'לובי כניסה']);

    const cleared = await update(created.id, {
      images: [lobby?.id, front?.id],
      imageCaptions: { [front?.id ?? '']: '   ' },
    });
    expect(cleared.statusCode).toBe(200);
    const read = await testApp.app.inject({
      method: 'GET',
      url: `/api/property/${created.id}`,
      headers: owner,
    });
    expect(captions(read.json().data as Property)).toEqual(['לובי כניסה', null]);
  });

  it(`refuses a caption longer than ${MAX_CAPTION_LENGTH} characters, in an upload and on update`, async () => {
    const tooLong = 'א'.repeat(MAX_CAPTION_LENGTH + 1);
    const upload = await createWithPhotos(tooLong);
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toMatchObject({
      success: false,
      code: 'validation_failed',
      details: [{ path: 'files.PropertyImages[0].Caption', message: `maxLength:${MAX_CAPTION_LENGTH}` }],
    });

    const created = (await createWithPhotos('א'.repeat(MAX_CAPTION_LENGTH))).json().data as Property;
    const id = created.files.propertyImages[0]?.id ?? '';
    const response = await update(created.id, { imageCaptions: { [id]: tooLong } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'validation_failed' });
  });

  it('refuses hidden and direction-changing characters in a caption', async () => {
    const upload = await createWithPhotos('חזית \u202Etxet desrever');
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'files.PropertyImages[0].Caption', message: 'validation.unsafeCharacters' }],
    });

    const created = (await createWithPhotos('חזית')).json().data as Property;
    const id = created.files.propertyImages[0]?.id ?? '';
    const response = await update(created.id, { imageCaptions: { [id]: 'לובי\u200Bנסתר' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      details: [{ path: `body/imageCaptions/${id}`, message: 'validation.unsafeCharacters' }],
    });
  });

  it('refuses a caption for a file that is not one of the property photos', async () => {
    const created = (await createWithPhotos('חזית')).json().data as Property;
    const plan = created.files.floorplans[0]?.id ?? '';
    const response = await update(created.id, { imageCaptions: { [plan]: 'תוכנית' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      details: [{ path: `body/imageCaptions/${plan}`, message: 'unknownFile' }],
    });

    const body = multipart([
      { name: 'property', value: JSON.stringify(draftRetail()) },
      ...fileParts('Floorplans', 0, SAMPLE_FILES.pdf, { filename: 'plan.pdf' }),
      captionPart('Floorplans', 0, 'תוכנית'),
    ]);
    const upload = await testApp.app.inject({
      method: 'POST',
      url: '/api/property/create-with-files',
      headers: { ...owner, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('refuses captions by id on create, where no file has an id yet', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/property/create',
      headers: owner,
      payload: draftRetail({ imageCaptions: { '00000000-0000-4000-8000-000000000000': 'חזית' } }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('shows captions on the share page, escaped, under the cover and the gallery photos', async () => {
    const created = await createWithPhotos('<script>alert(1)</script> חזית', publishableOffice());
    expect(created.statusCode).toBe(201);
    const property = created.json().data as Property;
    const lobby = property.files.propertyImages[1]?.id ?? '';
    await update(property.id, { imageCaptions: { [lobby]: 'לובי "כניסה"' } });
    const link = await createShareLink(testApp, owner, property.id);

    const page = (
      await testApp.app.inject({ method: 'GET', url: link.path, headers: { host: 'share.example' } })
    ).body;

    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('<figcaption dir="auto">&lt;script&gt;alert(1)&lt;/script&gt; חזית</figcaption>');
    expect(page).toContain('<figcaption dir="auto">לובי &quot;כניסה&quot;</figcaption>');
    // The caption is the photo's text alternative too.
    expect(page).toContain('alt="לובי &quot;כניסה&quot;"');
  });
});
