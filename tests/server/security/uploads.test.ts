import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { properties, propertyFiles } from '../../../server/db/schema';
import { appWithFilesForTests } from '../helpers/app-for-tests';
import {
  createProperty,
  draftRetail,
  fileParts,
  filesOnDisk,
  multipart,
  type Part,
  SAMPLE_FILES,
} from '../helpers/properties';
import { signedInUser } from '../helpers/sign-in';

/**
 * Hostile uploads (issue 8, part 5): each is refused and leaves nothing behind, neither a row nor
 * a byte in the storage directory (staging included). Limits and routing of well-formed uploads
 * are in tests/server/files-upload.test.ts.
 */

const MB = 1024 * 1024;
/** A JPEG that is also a PHP script after its image data: what `x.jpg.php` attacks rely on. */
const POLYGLOT = Buffer.concat([SAMPLE_FILES.jpeg, Buffer.from('<?php system($_GET["c"]); ?>')]);

interface Case {
  name: string;
  group: string;
  content: Buffer;
  filename: string;
  contentType: string;
  status: number;
  code: string;
}

const HOSTILE: Case[] = [
  {
    name: 'a PNG named .pdf',
    group: 'Floorplans',
    content: SAMPLE_FILES.png,
    filename: 'plan.pdf',
    contentType: 'application/pdf',
    status: 415,
    code: 'unsupported_file_type',
  },
  {
    name: 'HTML named .jpg',
    group: 'PropertyImages',
    content: SAMPLE_FILES.html,
    filename: 'photo.jpg',
    contentType: 'image/jpeg',
    status: 415,
    code: 'unsupported_file_type',
  },
  {
    name: 'SVG named .jpg',
    group: 'PropertyImages',
    content: SAMPLE_FILES.svg,
    filename: 'logo.jpg',
    contentType: 'image/jpeg',
    status: 415,
    code: 'unsupported_file_type',
  },
  {
    name: 'an executable sent as image/jpeg',
    group: 'PropertyImages',
    content: SAMPLE_FILES.elf,
    filename: 'photo.jpg',
    contentType: 'image/jpeg',
    status: 415,
    code: 'unsupported_file_type',
  },
  {
    name: 'x.jpg.php (a real JPEG with PHP after it)',
    group: 'PropertyImages',
    content: POLYGLOT,
    filename: 'x.jpg.php',
    contentType: 'image/jpeg',
    status: 415,
    code: 'unsupported_file_type',
  },
  {
    name: 'a name without an extension',
    group: 'PropertyImages',
    content: SAMPLE_FILES.jpeg,
    filename: 'photo',
    contentType: 'image/jpeg',
    status: 415,
    code: 'unsupported_file_type',
  },
  {
    name: '../../ in the name',
    group: 'PropertyImages',
    content: SAMPLE_FILES.jpeg,
    filename: '../../x.jpg',
    contentType: 'image/jpeg',
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'a Windows path in the name',
    group: 'PropertyImages',
    content: SAMPLE_FILES.jpeg,
    filename: '..\\..\\x.jpg',
    contentType: 'image/jpeg',
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'NUL in the name',
    group: 'PropertyImages',
    content: SAMPLE_FILES.jpeg,
    filename: 'x.php\u0000.jpg',
    contentType: 'image/jpeg',
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'a right-to-left override in the name',
    group: 'PropertyImages',
    content: SAMPLE_FILES.jpeg,
    filename: 'photo\u202Egpj.exe',
    contentType: 'image/jpeg',
    status: 400,
    code: 'validation_failed',
  },
  {
    name: 'a name of dots only',
    group: 'PropertyImages',
    content: SAMPLE_FILES.jpeg,
    filename: '..',
    contentType: 'image/jpeg',
    status: 400,
    code: 'validation_failed',
  },
];

describe('hostile uploads', () => {
  const ctx = appWithFilesForTests();
  let user: Awaited<ReturnType<typeof signedInUser>>;

  beforeEach(async () => {
    user = await signedInUser(ctx);
  });

  const send = (url: string, parts: Part[]) => {
    const body = multipart(parts);
    return ctx.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...user.headers, ...body.headers },
    });
  };
  const createWithFiles = (files: Part[]) =>
    send('/api/property/create-with-files', [
      { name: 'property', value: JSON.stringify(draftRetail()) },
      ...files,
    ]);

  /** Rows of the user, and every file in storage: the user's directory and the shared staging area. */
  const stored = async (propertyIds: string[] = []) => ({
    properties:
      (await ctx.db.select().from(properties).where(eq(properties.ownerId, user.user.id))).length -
      propertyIds.length,
    files: (await ctx.db.select().from(propertyFiles).where(eq(propertyFiles.ownerId, user.user.id))).length,
    onDisk: (await filesOnDisk(ctx.dataDir)).filter(
      (path) => path.startsWith(`${user.user.id}/`) || path.startsWith('.tmp/'),
    ),
  });
  const NOTHING = { properties: 0, files: 0, onDisk: [] };

  it.each(HOSTILE.map((entry) => [entry.name, entry] as const))(
    'refuses %s on create, after a good file, and stores nothing',
    async (_name, entry) => {
      const response = await createWithFiles([
        ...fileParts('PropertyImages', 0, SAMPLE_FILES.png, { filename: 'good.png' }),
        ...fileParts(entry.group, 1, entry.content, {
          filename: entry.filename,
          contentType: entry.contentType,
        }),
      ]);

      expect(response.statusCode, response.body).toBe(entry.status);
      expect(response.json()).toMatchObject({ success: false, code: entry.code });
      expect(await stored()).toEqual(NOTHING);
    },
  );

  it.each(HOSTILE.map((entry) => [entry.name, entry] as const))(
    'refuses %s when added to an existing property, and stores nothing',
    async (_name, entry) => {
      const property = await createProperty(ctx, user.headers, draftRetail());

      const response = await send(
        `/api/property/${property.id}/files`,
        fileParts(entry.group, 0, entry.content, {
          filename: entry.filename,
          contentType: entry.contentType,
        }),
      );

      expect(response.statusCode, response.body).toBe(entry.status);
      expect(await stored([property.id])).toEqual(NOTHING);
    },
  );

  it('takes the same files under honest names (the control for the refusals above)', async () => {
    const response = await createWithFiles([
      ...fileParts('PropertyImages', 0, SAMPLE_FILES.jpeg, { filename: 'x.JPG' }),
      ...fileParts('Floorplans', 0, SAMPLE_FILES.png, { filename: 'plan.png' }),
      ...fileParts('Floorplans', 1, SAMPLE_FILES.pdf, { filename: 'תוכנית.pdf' }),
    ]);

    expect(response.statusCode, response.body).toBe(201);
    expect((await stored()).onDisk).toHaveLength(3);
  });

  it('refuses a file over its limit with 413 and leaves no partial file or row', async () => {
    const big = Buffer.concat([SAMPLE_FILES.png, Buffer.alloc(15 * MB)]);

    const response = await createWithFiles([
      ...fileParts('Floorplans', 0, SAMPLE_FILES.pdf),
      ...fileParts('PropertyImages', 0, big, { filename: 'huge.png' }),
    ]);

    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'file_too_large' });
    expect(await stored()).toEqual(NOTHING);
  });

  it('refuses too many files (31) and too many parts (600) with 413, leaving nothing', async () => {
    const files = Array.from({ length: 31 }, (_, index) =>
      fileParts('PropertyImages', index, SAMPLE_FILES.png),
    ).flat();
    const parts = Array.from({ length: 600 }, (_, index) => ({
      name: `files.PropertyImages[${index % 900}].FileType`,
      value: 'image',
    }));

    const tooManyFiles = await createWithFiles(files);
    const tooManyParts = await createWithFiles(parts);

    expect(tooManyFiles.statusCode).toBe(413);
    expect(tooManyFiles.json().code).toBe('too_many_files');
    expect(tooManyParts.statusCode).toBe(413);
    expect(tooManyParts.json().code).toBe('payload_too_large');
    expect(await stored()).toEqual(NOTHING);
  });
});
