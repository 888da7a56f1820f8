import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Property, PropertyInput } from '@openapi/schema';
import { publishedOffice } from '../../support/sample-properties';
import type { TestApp } from './build-test-app';

export type { Property, PropertyInput, PropertyPage } from '@openapi/schema';

/** A property every publish rule accepts (an office: no usage categories, no freight elevator asked). */
export function publishableOffice(overrides: Partial<PropertyInput> = {}): PropertyInput {
  return publishedOffice({
    bicycleParking: true,
    lobbyType: 'staffedLobby',
    securityMeasures: ['controlledAccess', 'cameras'],
    publicTransport: ['lightRail', 'trainStation'],
    mainTrafficRoutes: ['highways'],
    portsAirportsProximity: ['benGurionAirport'],
    onsiteAmenities: ['cafeteria', 'gym'],
    ...overrides,
  });
}

/** A draft office in Haifa, with the fields a list test varies laid over it. */
export function draftOffice(values: Partial<PropertyInput> = {}): PropertyInput {
  return { status: 'draft', propertyKind: 'offices', city: 'חיפה', address: 'הנמל 1', ...values };
}

/** A draft with only the first answers a broker gives. */
export function draftRetail(overrides: Partial<PropertyInput> = {}): PropertyInput {
  return {
    status: 'draft',
    wizardStep: 2,
    propertyKind: 'retail',
    city: 'חיפה',
    address: 'שדרות הנשיא 120',
    ...overrides,
  };
}

/** Tiny but real files: each starts with the magic bytes file-type recognises. */
export const SAMPLE_FILES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpeg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  pdf: Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  ),
  /** An ISO-BMFF `ftyp` box (brand isom) followed by an empty `mdat` box. */
  mp4: Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41'),
    Buffer.from([0, 0, 0, 8]),
    Buffer.from('mdat'),
  ]),
  /** An ELF executable header, to be renamed .jpg. */
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56)]),
  html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
  svg: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>',
  ),
} as const;

export interface Part {
  name: string;
  /** A text field when a string; a file part when a Buffer. */
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/**
 * A multipart/form-data body built byte by byte, so tests control what a browser would escape
 * (NUL, path separators) in field and file names.
 */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----nechasim-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let header = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (typeof part.value !== 'string') {
      header += `; filename="${part.filename ?? 'file.bin'}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    }
    chunks.push(Buffer.from(`${header}\r\n\r\n`, 'utf8'), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The extension a browser would show for the sample's content (the server checks name against content). */
export function extensionOf(content: Buffer): string {
  if (content.subarray(0, 4).equals(SAMPLE_FILES.png.subarray(0, 4))) return 'png';
  if (content[0] === 0xff && content[1] === 0xd8) return 'jpg';
  if (content.subarray(0, 4).toString('latin1') === '%PDF') return 'pdf';
  if (content.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  return 'bin';
}

/** The three parts of one file of a group, as the client sends them. */
export function fileParts(
  group: string,
  index: number,
  content: Buffer,
  options: { filename?: string; fileType?: string; category?: string; contentType?: string } = {},
): Part[] {
  const prefix = `files.${group}[${index}]`;
  const parts: Part[] = [
    {
      name: `${prefix}.File`,
      value: content,
      filename: options.filename ?? `file-${index}.${extensionOf(content)}`,
      contentType: options.contentType,
    },
  ];
  if (options.fileType !== undefined) parts.push({ name: `${prefix}.FileType`, value: options.fileType });
  if (options.category !== undefined) parts.push({ name: `${prefix}.Category`, value: options.category });
  return parts;
}

/** A DATA_DIR of its own for one test file. */
export async function createDataDir(): Promise<{ dataDir: string; remove(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'nechasim-files-'));
  return { dataDir, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

/** Every file under `${DATA_DIR}/files` (staging included), relative to it. */
export async function filesOnDisk(dataDir: string): Promise<string[]> {
  try {
    const entries = await readdir(join(dataDir, 'files'), { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(join(dataDir, 'files').length + 1))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Creates a property through the API and returns it. */
export async function createProperty(
  testApp: TestApp,
  headers: Record<string, string>,
  body: PropertyInput,
): Promise<Property> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/property/create',
    headers,
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json().data as Property;
}

/** The parts of a create with files: the property's JSON and one photo. */
export function withPhoto(property: unknown): Part[] {
  return [
    { name: 'property', value: JSON.stringify(property) },
    ...fileParts('PropertyImages', 0, SAMPLE_FILES.png, { fileType: 'image', category: 'property_images' }),
  ];
}

/** Sends POST /api/property/create-with-files (`parts`: the property's JSON and fileParts): the answer. */
export function sendCreateWithFiles(
  testApp: Pick<TestApp, 'app'>,
  headers: Record<string, string>,
  parts: Part[],
) {
  const body = multipart(parts);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/property/create-with-files',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** Creates a property and its files in one request: the stored property. */
export async function createPropertyWithFiles(
  testApp: Pick<TestApp, 'app'>,
  headers: Record<string, string>,
  parts: Part[],
): Promise<Property> {
  const response = await sendCreateWithFiles(testApp, headers, parts);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json().data as Property;
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG header for width × height (greyscale), with one compressed row: a decompression bomb's shape. */
export function pngOfSize(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(0, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
