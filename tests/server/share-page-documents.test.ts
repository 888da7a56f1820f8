/**
 * The share page addresses a document by its place in the list it shows. A chosen document deleted
 * afterwards drops out of that list, and the download behind each place must follow it: the page's
 * first document is the one /documents/1 sends.
 */
import { expect, it } from 'vitest';
import { appWithFilesForTests } from './helpers/app-for-tests';
import { createProperty, publishableOffice, SAMPLE_FILES } from './helpers/properties';
import { addFiles, createShareLink } from './helpers/share';
import { bearer, createUser } from './helpers/sign-in';

const testApp = appWithFilesForTests({ sharePageRateLimit: 1000 });

it('sends the document the page lists at each place, after an earlier one was deleted', async () => {
  const owner = await createUser(testApp.db);
  const headers = await bearer(testApp, owner.id);
  const property = await addFiles(
    testApp,
    headers,
    (await createProperty(testApp, headers, publishableOffice())).id,
    {
      Floorplans: [
        { content: SAMPLE_FILES.pdf, filename: 'ראשון.pdf', fileType: 'document' },
        { content: SAMPLE_FILES.pdf, filename: 'שני.pdf', fileType: 'document' },
      ],
    },
  );
  const [first, second] = property.files.floorplans;
  const link = await createShareLink(testApp, headers, property.id, {
    documentFileIds: [first?.id ?? '', second?.id ?? ''],
  });
  const removed = await testApp.app.inject({
    method: 'DELETE',
    url: `/api/property/files/${first?.id}`,
    headers,
  });
  expect(removed.statusCode, removed.body).toBe(200);

  const page = (await testApp.app.inject({ method: 'GET', url: link.path })).body;
  expect(page).toContain(`href="${link.path}/documents/1" download><bdi>שני.pdf</bdi>`);
  expect(page).not.toContain('ראשון.pdf');
  const download = await testApp.app.inject({ method: 'GET', url: `${link.path}/documents/1` });
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-disposition']).toContain('.pdf');
  expect(decodeURIComponent(String(download.headers['content-disposition']))).toContain('שני.pdf');
  expect((await testApp.app.inject({ method: 'GET', url: `${link.path}/documents/2` })).statusCode).toBe(404);
});
