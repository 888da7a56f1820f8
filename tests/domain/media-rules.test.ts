import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import {
  formatFromSignature,
  formatOfMimeType,
  MEDIA_RULES,
  type MediaFormat,
  refusalOf,
  SIGNATURE_BYTES,
} from '../../domain/media-rules';
import { SAMPLE_FILES } from '../server/helpers/properties';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    Buffer.concat(
      parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
    ),
  );
const isoBox = (brand: string) =>
  bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 2, 0], 'isommp41', [0, 0, 0, 8], 'mdat');
// The start of a real WebM: EBML header with DocType "webm" (and Matroska's "matroska" for contrast).
const ebml = (docType: string) =>
  bytes(
    [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04],
    [0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x80 | docType.length],
    docType,
    [0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02],
  );

const SAMPLES: [string, Uint8Array, MediaFormat | undefined][] = [
  ['PNG', new Uint8Array(SAMPLE_FILES.png), 'png'],
  ['JPEG', new Uint8Array(SAMPLE_FILES.jpeg), 'jpeg'],
  [
    'WebP',
    bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ', [0x18, 0, 0, 0], [0x30, 1, 0, 0x9d, 1, 0x2a, 1, 0, 1, 0]),
    'webp',
  ],
  ['PDF', new Uint8Array(SAMPLE_FILES.pdf), 'pdf'],
  ['MP4 (isom)', new Uint8Array(SAMPLE_FILES.mp4), 'mp4'],
  ['M4V (Apple)', isoBox('M4V '), 'mp4'],
  ['MOV (qt brand)', isoBox('qt  '), 'mov'],
  ['WebM', ebml('webm'), 'webm'],
  ['Matroska', ebml('matroska'), undefined],
  ['MP4 from a Sony camera (XAVC)', isoBox('XAVC'), 'mp4'],
  ['MOV without ftyp (moov first)', bytes([0, 0, 0, 8], 'moov', [0, 0, 0, 8], 'mdat'), 'mov'],
  ['HEIC', isoBox('heic'), undefined],
  ['AVIF', isoBox('avif'), undefined],
  ['M4A audio', isoBox('M4A '), undefined],
  ['3GP', isoBox('3gp5'), undefined],
  ['plain text', bytes('just some notes, not a picture'), undefined],
  ['HTML', new Uint8Array(SAMPLE_FILES.html), undefined],
  ['SVG', new Uint8Array(SAMPLE_FILES.svg), undefined],
  ['an executable', new Uint8Array(SAMPLE_FILES.elf), undefined],
  ['an empty file', new Uint8Array(0), undefined],
  ['a GIF', bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0]), undefined],
];

describe('media signatures', () => {
  it.each(SAMPLES)('recognises %s from its first bytes', (_name, content, format) => {
    expect(formatFromSignature(content.subarray(0, SIGNATURE_BYTES))).toBe(format);
  });

  // The server refuses what either its deep content check or these signatures refuse; the browser
  // checks only the signatures. Where both answer, they must agree, or the browser would pass files
  // the save then fails on.
  it.each(SAMPLES)('agrees with the server’s content check on %s', async (_name, content, format) => {
    const detected = await fileTypeFromBuffer(content);
    const serverFormat = detected ? formatOfMimeType(detected.mime) : undefined;
    expect(serverFormat).toBe(format);
  });
});

describe('what a group refuses', () => {
  const png = new Uint8Array(SAMPLE_FILES.png);
  const text = bytes('just some notes');

  it('refuses a text file named .png among the photos as the wrong type', () => {
    expect(refusalOf('propertyImages', { name: 'plan.png', size: 15 }, text)).toBe('wrongType');
  });

  it('takes a PNG as a photo and as a scanned floorplan, not as a technical report', () => {
    expect(refusalOf('propertyImages', { name: 'חזית.PNG', size: 70 }, png)).toBeNull();
    expect(refusalOf('floorplans', { name: 'scan.png', size: 70 }, png)).toBeNull();
    expect(refusalOf('technicalReports', { name: 'report.png', size: 70 }, png)).toBe('wrongType');
  });

  it('refuses a name that hides the content (a PNG named .jpg)', () => {
    expect(refusalOf('propertyImages', { name: 'photo.jpg', size: 70 }, png)).toBe('wrongName');
    expect(refusalOf('propertyImages', { name: 'photo', size: 70 }, png)).toBe('wrongName');
  });

  it('refuses a file one byte over its group’s limit, and takes one at the limit', () => {
    const limit = MEDIA_RULES.propertyImages.maxBytes;
    expect(refusalOf('propertyImages', { name: 'a.png', size: limit }, png)).toBeNull();
    expect(refusalOf('propertyImages', { name: 'a.png', size: limit + 1 }, png)).toBe('tooLarge');
    expect(MEDIA_RULES.technicalReports.maxBytes).toBe(25 * 1024 * 1024);
    expect(MEDIA_RULES.videos.maxBytes).toBe(200 * 1024 * 1024);
  });
});
