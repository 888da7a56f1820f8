import type { ShareLink, ShareLinkInput } from '@openapi/schema';
import sharp from 'sharp';
import type { TestApp } from './build-test-app';
import { fileParts, multipart, type Property } from './properties';

export type { ShareLink } from '@openapi/schema';

/** A real photo of a given size (a flat colour with a gradient stripe, so resizing has work to do). */
export async function samplePhoto(width = 2000, height = 1333, colour = '#6d8fb3'): Promise<Buffer> {
  const stripe = await sharp({
    create: { width, height: Math.round(height / 4), channels: 3, background: '#d9c27a' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: stripe, top: Math.round(height / 2), left: 0 }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Adds files to a property through the API; `groups` maps a group to its files' contents and names. */
export async function addFiles(
  testApp: TestApp,
  headers: Record<string, string>,
  propertyId: string,
  groups: Record<string, { content: Buffer; filename?: string; fileType?: string }[]>,
): Promise<Property> {
  const parts = Object.entries(groups).flatMap(([group, files]) =>
    files.flatMap((file, index) => fileParts(group, index, file.content, file)),
  );
  const body = multipart(parts);
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/property/${propertyId}/files`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().data as Property;
}

export async function createShareLink(
  testApp: TestApp,
  headers: Record<string, string>,
  propertyId: string,
  body: Partial<ShareLinkInput> = {},
): Promise<ShareLink & { url: string; path: string; token: string }> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/property/${propertyId}/share-links`,
    headers: { ...headers, host: 'share.example' },
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`share failed: ${response.statusCode} ${response.body}`);
  const link = response.json().data as ShareLink & { url: string };
  const path = new URL(link.url).pathname;
  return { ...link, path, token: path.split('/').pop() as string };
}
