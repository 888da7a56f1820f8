import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { properties, propertyFiles } from '../../server/db/schema';
import { appWithFilesForTests } from './helpers/app-for-tests';
import {
  draftRetail,
  fileParts,
  filesOnDisk,
  multipart,
  type Part,
  type Property,
  publishableOffice,
  SAMPLE_FILES,
} from './helpers/properties';
import { signedInUser } from './helpers/sign-in';

const MB = 1024 * 1024;

describe('uploading property files', () => {
  const testApp = appWithFilesForTests();
  let owner: { user: { id: string }; headers: Record<string, string> };

  beforeEach(async () => {
    // A fresh broker per test, so "nothing stored" can be checked on their rows and their directory.
    owner = await signedInUser(testApp);
  });

  const post = (url: string, parts: Part[], headers = owner.headers) => {
    const body = multipart(parts);
    return testApp.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  };
  const createWithFiles = (property: unknown, files: Part[], headers = owner.headers) =>
    post(
      '/api/property/create-with-files',
      [{ name: 'property', value: JSON.stringify(property) }, ...files],
      headers,
    );
  /** Rows and files of the current owner; the staging directory is shared, and must be empty. */
  const stored = async () => {
    const propertyRows = await testApp.db
      .select()
      .from(properties)
      .where(eq(properties.ownerId, owner.user.id));
    const fileRows = await testApp.db
      .select()
      .from(propertyFiles)
      .where(eq(propertyFiles.ownerId, owner.user.id));
    const onDisk = await filesOnDisk(testApp.dataDir);
    return {
      properties: propertyRows.length,
      files: fileRows.length,
      ownerFilesOnDisk: onDisk.filter((path) => path.startsWith(`${owner.user.id}/`)).length,
      staging: onDisk.filter((path) => path.startsWith('.tmp/')),
    };
  };
  const expectNothingStored = async () => {
    expect(await stored()).toEqual({ properties: 0, files: 0, ownerFilesOnDisk: 0, staging: [] });
  };

  describe('create with files', () => {
    it('stores the property and real PNG, JPEG, PDF and MP4 files, typed by their content', async () => {
      const response = await createWithFiles(publishableOffice(), [
        ...fileParts('PropertyImages', 0, SAMPLE_FILES.png, {
          filename: 'חזית.png',
          fileType: 'image',
          category: 'property_images',
        }),
        ...fileParts('PropertyImages', 1, SAMPLE_FILES.jpeg, {
          filename: 'lobby.jpg',
          contentType: 'text/plain',
        }),
        ...fileParts('Floorplans', 0, SAMPLE_FILES.pdf, { filename: 'קומה 3.pdf', fileType: 'document' }),
        ...fileParts('Videos', 0, SAMPLE_FILES.mp4, { filename: 'tour.mp4', category: 'videos' }),
        ...fileParts('TechnicalReports', 0, SAMPLE_FILES.pdf, { filename: 'דוח קונסטרוקציה.pdf' }),
      ]);

      expect(response.statusCode).toBe(201);
      const property = response.json().data as Property;
      expect(property.status).toBe('published');
      expect(
        property.files.propertyImages.map(({ fileName, mimeType, size, position, fileType, category }) => ({
          fileName,
          mimeType,
          size,
          position,
          fileType,
          category,
        })),
      ).toEqual([
        {
          fileName: 'חזית.png',
          mimeType: 'image/png',
          size: SAMPLE_FILES.png.length,
          position: 0,
          fileType: 'image',
          category: 'property_images',
        },
        {
          fileName: 'lobby.jpg',
          mimeType: 'image/jpeg',
          size: SAMPLE_FILES.jpeg.length,
          position: 1,
          fileType: 'image',
          category: 'property_images',
        },
      ]);
      expect(property.files.floorplans).toMatchObject([
        { fileName: 'קומה 3.pdf', mimeType: 'application/pdf' },
      ]);
      expect(property.files.videos).toMatchObject([
        { mimeType: 'video/mp4', fileType: 'video', category: 'videos' },
      ]);
      expect(property.files.technicalReports).toMatchObject([
        { category: 'technical_reports', fileType: 'document' },
      ]);
      expect(property.files.propertyImages[0]?.url).toMatch(
        new RegExp(
          `^/api/property/files/${property.files.propertyImages[0]?.id}\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`,
        ),
      );

      expect(await stored()).toEqual({ properties: 1, files: 5, ownerFilesOnDisk: 5, staging: [] });
      const [row] = await testApp.db
        .select()
        .from(propertyFiles)
        .where(eq(propertyFiles.id, property.files.propertyImages[0]?.id ?? ''));
      expect(row?.storageKey).toMatch(new RegExp(`^${owner.user.id}/[0-9a-f-]{36}$`));
      expect(await readFile(join(testApp.dataDir, 'files', row?.storageKey ?? ''))).toEqual(SAMPLE_FILES.png);
    });

    it('orders a group by the index in the field name, not by arrival', async () => {
      const response = await createWithFiles(draftRetail(), [
        ...fileParts('PropertyImages', 7, SAMPLE_FILES.jpeg, { filename: 'second.jpg' }),
        ...fileParts('PropertyImages', 2, SAMPLE_FILES.png, { filename: 'first.png' }),
      ]);

      expect(response.statusCode).toBe(201);
      expect(
        response.json().data.files.propertyImages.map((file: { fileName: string }) => file.fileName),
      ).toEqual(['first.png', 'second.jpg']);
    });

    it('accepts a scanned floorplan (PNG) up to the document limit, above the image limit', async () => {
      const scan = Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(15 * MB + 1)]);
      const response = await createWithFiles(
        draftRetail(),
        fileParts('Floorplans', 0, scan, { filename: 'scan.png' }),
      );

      expect(response.statusCode).toBe(201);
      expect(response.json().data.files.floorplans).toMatchObject([
        { mimeType: 'image/png', size: scan.length },
      ]);
    });

    it.each([
      ['an executable renamed .jpg', 'PropertyImages', SAMPLE_FILES.elf, 'photo.jpg', 'image/jpeg'],
      ['an HTML page named .png', 'PropertyImages', SAMPLE_FILES.html, 'photo.png', 'image/png'],
      ['an SVG with a script', 'PropertyImages', SAMPLE_FILES.svg, 'logo.svg', 'image/svg+xml'],
      ['a PDF among the images', 'PropertyImages', SAMPLE_FILES.pdf, 'photo.jpg', 'image/jpeg'],
      ['a PNG as a technical report', 'TechnicalReports', SAMPLE_FILES.png, 'report.pdf', 'application/pdf'],
      ['a JPEG as a video', 'Videos', SAMPLE_FILES.jpeg, 'tour.mp4', 'video/mp4'],
      ['an empty file', 'PropertyImages', Buffer.alloc(0), 'empty.png', 'image/png'],
    ])(
      'refuses %s with 415 unsupported_file_type and stores nothing',
      async (_name, group, content, filename, type) => {
        const response = await createWithFiles(draftRetail(), [
          ...fileParts('PropertyImages', 0, SAMPLE_FILES.png),
          ...fileParts(group, 1, content, { filename, contentType: type }),
        ]);

        expect(response.statusCode).toBe(415);
        expect(response.json()).toMatchObject({ success: false, code: 'unsupported_file_type' });
        // Of the two files sent, the message names the refused one.
        expect(response.json().Message).toMatch(new RegExp(`^${filename.replace('.', '\\.')}: סוג הקובץ`));
        await expectNothingStored();
      },
    );

    it('refuses an image over 15 MB with 413 file_too_large and stores nothing', async () => {
      const big = Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(15 * MB)]);
      const response = await createWithFiles(draftRetail(), [
        ...fileParts('Floorplans', 0, SAMPLE_FILES.pdf),
        ...fileParts('PropertyImages', 0, big, { filename: 'huge.png' }),
      ]);

      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'file_too_large' });
      expect(response.json().Message).toMatch(/^huge\.png: הקובץ גדול מהמותר/);
      await expectNothingStored();
    });

    it('refuses a document over 25 MB with 413 file_too_large, named in English when asked', async () => {
      const big = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(25 * MB)]);
      const response = await createWithFiles(
        draftRetail(),
        fileParts('TechnicalReports', 0, big, { filename: 'דוח קרקע.pdf' }),
        { ...owner.headers, 'accept-language': 'en' },
      );

      expect(response.statusCode).toBe(413);
      expect(response.json().code).toBe('file_too_large');
      expect(response.json().Message).toBe(
        'דוח קרקע.pdf: The file is too large: up to 15 MB per image, 25 MB per document and 200 MB per video.',
      );
      await expectNothingStored();
    });

    it('refuses more than 30 files in one request with 413 too_many_files', async () => {
      const files = Array.from({ length: 31 }, (_, index) =>
        fileParts('PropertyImages', index, SAMPLE_FILES.png),
      ).flat();
      const response = await createWithFiles(draftRetail(), files);

      expect(response.statusCode).toBe(413);
      expect(response.json().code).toBe('too_many_files');
      await expectNothingStored();
    });

    it('refuses a request with more parts than the parser takes with 413', async () => {
      const parts = Array.from({ length: 450 }, (_, index) => ({
        name: `files.PropertyImages[${index}].FileType`,
        value: 'image',
      }));
      const response = await createWithFiles(draftRetail(), parts);

      expect(response.statusCode).toBe(413);
      await expectNothingStored();
    });

    it.each([
      ['a category of another group', { category: 'property_images' }, 'files.Floorplans[0].Category'],
      ['a file type of another group', { fileType: 'image' }, 'files.Floorplans[0].FileType'],
    ])('refuses %s with 400 and stores nothing', async (_name, declared, path) => {
      const response = await createWithFiles(draftRetail(), [
        ...fileParts('PropertyImages', 0, SAMPLE_FILES.png),
        ...fileParts('Floorplans', 0, SAMPLE_FILES.pdf, declared),
      ]);

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', details: [{ path }] });
      await expectNothingStored();
    });

    it.each([
      ['an unknown group', [{ name: 'files.Brochures[0].File', value: SAMPLE_FILES.pdf, filename: 'a.pdf' }]],
      ['an unknown field', [{ name: 'ownerId', value: 'someone-else' }]],
      ['a FileType without its file', [{ name: 'files.Videos[0].FileType', value: 'video' }]],
      [
        'the same file twice',
        [...fileParts('Videos', 0, SAMPLE_FILES.mp4), ...fileParts('Videos', 0, SAMPLE_FILES.mp4)],
      ],
      ['text where a file belongs', [{ name: 'files.Videos[0].File', value: 'not a file' }]],
    ])('refuses %s with 400 validation_failed and stores nothing', async (_name, parts) => {
      const response = await createWithFiles(draftRetail(), [
        ...fileParts('PropertyImages', 0, SAMPLE_FILES.png),
        ...(parts as Part[]),
      ]);

      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_failed');
      await expectNothingStored();
    });

    it.each([
      ['a number sent as text', { ...draftRetail(), totalArea: '320' }],
      ['a field the contract does not have', { ...draftRetail(), ownerId: crypto.randomUUID() }],
      ['an option value that does not exist', { ...draftRetail(), buildingClass: 'classZ' }],
    ])(
      'checks the property field with the contract’s schema: %s gets the JSON body’s answer',
      async (_name, body) => {
        const asJson = await testApp.app.inject({
          method: 'POST',
          url: '/api/property/create',
          headers: owner.headers,
          payload: body,
        });
        const asField = await createWithFiles(body, fileParts('PropertyImages', 0, SAMPLE_FILES.png));

        expect(asJson.statusCode).toBe(400);
        expect(asField.statusCode).toBe(400);
        const jsonDetails = asJson.json().details as { path: string; message: string }[];
        expect(jsonDetails.length).toBeGreaterThan(0);
        expect(asField.json()).toEqual({
          ...asJson.json(),
          details: jsonDetails.map((detail) => ({
            ...detail,
            path: detail.path.replace(/^body/, 'property'),
          })),
        });
        await expectNothingStored();
      },
    );

    it.each([
      ['not JSON', '{"status":', 'invalid_json'],
      [
        'incomplete for publishing',
        JSON.stringify(publishableOffice({ address: null })),
        'property_incomplete',
      ],
      [
        'a category of another kind',
        JSON.stringify(draftRetail({ propertyCategory: 'tower' })),
        'validation_failed',
      ],
      [
        'carrying file ids',
        JSON.stringify({ ...draftRetail(), images: [crypto.randomUUID()] }),
        'validation_failed',
      ],
    ])(
      'refuses a property field %s, even after its files arrived, and stores nothing',
      async (_name, text, code) => {
        const response = await post('/api/property/create-with-files', [
          ...fileParts('PropertyImages', 0, SAMPLE_FILES.png),
          ...fileParts('Floorplans', 0, SAMPLE_FILES.pdf),
          { name: 'property', value: text },
        ]);

        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe(code);
        await expectNothingStored();
      },
    );

    it('requires the property field', async () => {
      const response = await post(
        '/api/property/create-with-files',
        fileParts('PropertyImages', 0, SAMPLE_FILES.png),
      );

      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([{ path: 'property', message: 'is required' }]);
      await expectNothingStored();
    });

    // Names with a path, NUL, control or bidi characters are refused: see tests/server/security/uploads.test.ts.

    it('leaves no rows and no files when storing fails half-way through the transaction', async () => {
      // The owner's directory cannot be created (a file is in the way), so moving the files into
      // place fails after the rows were inserted.
      await mkdir(join(testApp.dataDir, 'files'), { recursive: true });
      await writeFile(join(testApp.dataDir, 'files', owner.user.id), 'in the way');

      const response = await createWithFiles(draftRetail(), [
        ...fileParts('PropertyImages', 0, SAMPLE_FILES.png),
        ...fileParts('Floorplans', 0, SAMPLE_FILES.pdf),
      ]);

      expect(response.statusCode).toBe(500);
      const after = await stored();
      expect(after).toMatchObject({ properties: 0, files: 0, staging: [] });
    });

    it('is not for JSON bodies (415) and needs a bearer token (401)', async () => {
      const json = await testApp.app.inject({
        method: 'POST',
        url: '/api/property/create-with-files',
        headers: owner.headers,
        payload: { property: JSON.stringify(draftRetail()) },
      });
      const anonymous = await createWithFiles(
        draftRetail(),
        fileParts('PropertyImages', 0, SAMPLE_FILES.png),
        {},
      );

      expect(json.statusCode).toBe(415);
      expect(anonymous.statusCode).toBe(401);
      await expectNothingStored();
    });
  });

  describe('adding files to a property', () => {
    const createEmpty = async () => {
      const response = await createWithFiles(draftRetail(), fileParts('PropertyImages', 0, SAMPLE_FILES.png));
      return response.json().data as Property;
    };

    it('appends to each group after the files already there', async () => {
      const property = await createEmpty();

      const response = await post(`/api/property/${property.id}/files`, [
        ...fileParts('PropertyImages', 0, SAMPLE_FILES.jpeg, { filename: 'added.jpg' }),
        ...fileParts('FireCertifications', 0, SAMPLE_FILES.jpeg, { filename: 'אישור כיבוי אש.jpg' }),
      ]);

      expect(response.statusCode).toBe(200);
      const updated = response.json().data as Property;
      expect(updated.files.propertyImages.map((file) => [file.fileName, file.position])).toEqual([
        ['file-0.png', 0],
        ['added.jpg', 1],
      ]);
      expect(updated.files.fireCertifications).toMatchObject([
        { fileName: 'אישור כיבוי אש.jpg', position: 0 },
      ]);
      expect(await stored()).toMatchObject({ files: 3, ownerFilesOnDisk: 3, staging: [] });
    });

    it('answers 404 for another user’s property and stores nothing', async () => {
      const property = await createEmpty();
      const stranger = await signedInUser(testApp);

      const response = await post(
        `/api/property/${property.id}/files`,
        fileParts('PropertyImages', 0, SAMPLE_FILES.png),
        stranger.headers,
      );

      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
      expect(await stored()).toMatchObject({ files: 1, ownerFilesOnDisk: 1, staging: [] });
    });

    it('answers 404 for a soft-deleted property', async () => {
      const property = await createEmpty();
      await testApp.app.inject({
        method: 'DELETE',
        url: `/api/property/delete/soft/${property.id}`,
        headers: owner.headers,
      });

      const response = await post(
        `/api/property/${property.id}/files`,
        fileParts('Videos', 0, SAMPLE_FILES.mp4),
      );

      expect(response.statusCode).toBe(404);
    });

    it('refuses a property field and an upload without files', async () => {
      const property = await createEmpty();

      const withProperty = await post(`/api/property/${property.id}/files`, [
        { name: 'property', value: JSON.stringify(draftRetail()) },
        ...fileParts('Videos', 0, SAMPLE_FILES.mp4),
      ]);
      const empty = await post(`/api/property/${property.id}/files`, [
        { name: 'files.Videos[0].FileType', value: 'video' },
      ]);

      expect(withProperty.statusCode).toBe(400);
      expect(empty.statusCode).toBe(400);
      expect(await stored()).toMatchObject({ files: 1, staging: [] });
    });
  });
});
