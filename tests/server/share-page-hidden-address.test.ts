import { beforeAll, describe, expect, it } from 'vitest';
import { appWithFilesForTests } from './helpers/app-for-tests';
import { fileParts, multipart, type Property, publishableOffice, SAMPLE_FILES } from './helpers/properties';
import { createShareLink } from './helpers/share';
import { signedInUser } from './helpers/sign-in';

/**
 * Issue 22: a link that hides the exact address shows only the city, so the broker's own words
 * (captions, the description, a shared document's name) must not name the street either.
 */
describe('a share link that hides the address', () => {
  const testApp = appWithFilesForTests({ sharePageRateLimit: 1000 });
  let owner: Record<string, string>;
  let property: Property;

  beforeAll(async () => {
    owner = (await signedInUser(testApp)).headers;
    const body = multipart([
      {
        name: 'property',
        value: JSON.stringify(
          publishableOffice({
            address: 'הרצל 12',
            city: 'ראשון לציון',
            description: 'משרדים מוארים בקומה 5. הכניסה מרחוב הרצל 12, מול הבנק.\nחניה בבניין.',
          }),
        ),
      },
      ...fileParts('PropertyImages', 0, SAMPLE_FILES.png, { filename: 'front.png' }),
      { name: 'files.PropertyImages[0].Caption', value: 'הכניסה מהרצל 12' },
      ...fileParts('PropertyImages', 1, SAMPLE_FILES.jpeg, { filename: 'lobby.jpg' }),
      { name: 'files.PropertyImages[1].Caption', value: 'לובי הכניסה' },
      ...fileParts('Floorplans', 0, SAMPLE_FILES.pdf, { filename: 'תוכנית הרצל 12.pdf' }),
    ]);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/property/create-with-files',
      headers: { ...owner, ...body.headers },
      payload: body.payload,
    });
    property = response.json().data as Property;
  });

  const open = (path: string) =>
    testApp.app.inject({ method: 'GET', url: path, headers: { host: 'share.example' } });
  const shareWith = (showExactAddress: boolean) =>
    createShareLink(testApp, owner, property.id, {
      showExactAddress,
      documentFileIds: property.files.floorplans.map((file) => file.id),
    });

  it('leaves out the captions, sentences and document names that name the street; keeps the rest', async () => {
    const link = await shareWith(false);
    const page = (await open(link.path)).body;

    expect(page).not.toContain('הרצל');
    expect(page).toContain('ראשון לציון');
    expect(page).toContain('לובי הכניסה');
    expect(page).toContain('משרדים מוארים בקומה 5.');
    expect(page).toContain('חניה בבניין.');
    // The document is still offered, under its kind's name; its download is named the same way.
    expect(page).toMatch(/<a href="\/p\/[\w-]+\/documents\/1" download><bdi>תוכניות קומה 1\.pdf<\/bdi><\/a>/);
    const download = await open(`${link.path}/documents/1`);
    expect(download.statusCode).toBe(200);
    expect(decodeURIComponent(String(download.headers['content-disposition']))).not.toContain('הרצל');
    expect(decodeURIComponent(String(download.headers['content-disposition']))).toContain(
      'תוכניות קומה 1.pdf',
    );
  });

  it('shows every word as written on a link that shows the address', async () => {
    const link = await shareWith(true);
    const page = (await open(link.path)).body;

    expect(page).toContain('הרצל 12, ראשון לציון');
    expect(page).toContain('הכניסה מהרצל 12');
    expect(page).toContain('הכניסה מרחוב הרצל 12, מול הבנק.');
    expect(page).toContain('תוכנית הרצל 12.pdf');
  });
});
