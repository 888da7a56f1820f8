/**
 * What each media group of step 5 accepts: the formats, how each is recognised from its first bytes,
 * the names it may carry, and the largest file. The server refuses by these rules (after its own,
 * deeper content check) and the browser checks a chosen file by them before it is added, so a wrong
 * file is refused at once with its reason instead of failing the whole save later.
 *
 * Formats a browser renders as active content (HTML, SVG, XML) are in no list, so a stored file can
 * never run script on our origin. HEIC is not taken: most browsers cannot show it, and iPhones hand
 * a JPEG to a page that does not ask for HEIC.
 */
import { hasHiddenOrControlCharacters } from './free-text';
import type { MediaGroup, MediaGroupKey } from './property-options';

const MB = 1024 * 1024;

export type MediaFormat = 'jpeg' | 'png' | 'webp' | 'mp4' | 'mov' | 'webm' | 'pdf';

/** The bytes a signature check reads from the start of a file (the WebM doctype sits near byte 30). */
export const SIGNATURE_BYTES = 64;

// MP4, M4V and QuickTime are one container family that cameras label loosely, so they share names.
const ISO_VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'qt'];

interface FormatSpec {
  /** How brokers see it named. */
  label: string;
  /** The MIME types a content check reports for it (the first is the one a browser declares). */
  mimeTypes: readonly string[];
  /** Lower-case, without the dot. */
  extensions: readonly string[];
}

export const MEDIA_FORMATS = {
  jpeg: { label: 'JPEG', mimeTypes: ['image/jpeg'], extensions: ['jpg', 'jpeg'] },
  png: { label: 'PNG', mimeTypes: ['image/png'], extensions: ['png'] },
  webp: { label: 'WebP', mimeTypes: ['image/webp'], extensions: ['webp'] },
  // M4V is what iPhones and Macs export; it is MP4 with Apple's brand.
  mp4: { label: 'MP4', mimeTypes: ['video/mp4', 'video/x-m4v'], extensions: ISO_VIDEO_EXTENSIONS },
  mov: { label: 'MOV', mimeTypes: ['video/quicktime'], extensions: ISO_VIDEO_EXTENSIONS },
  webm: { label: 'WebM', mimeTypes: ['video/webm'], extensions: ['webm'] },
  pdf: { label: 'PDF', mimeTypes: ['application/pdf'], extensions: ['pdf'] },
} as const satisfies Record<MediaFormat, FormatSpec>;

export interface MediaRule {
  formats: readonly MediaFormat[];
  maxBytes: number;
}

/** By kind: images 15 MB, videos 200 MB, documents 25 MB. */
export const MAX_BYTES_BY_FILE_TYPE = {
  image: 15 * MB,
  video: 200 * MB,
  document: 25 * MB,
} as const satisfies Record<MediaGroup['fileType'], number>;

const IMAGES: MediaRule = { formats: ['jpeg', 'png', 'webp'], maxBytes: MAX_BYTES_BY_FILE_TYPE.image };
const VIDEOS: MediaRule = { formats: ['mp4', 'mov', 'webm'], maxBytes: MAX_BYTES_BY_FILE_TYPE.video };
// Floorplans and certificates are often scans or exports, so they take pictures besides PDF.
const SCANNABLE_DOCUMENTS: MediaRule = {
  formats: ['pdf', 'jpeg', 'png'],
  maxBytes: MAX_BYTES_BY_FILE_TYPE.document,
};
const PDF_ONLY: MediaRule = { formats: ['pdf'], maxBytes: MAX_BYTES_BY_FILE_TYPE.document };

export const MEDIA_RULES = {
  propertyImages: IMAGES,
  floorplans: SCANNABLE_DOCUMENTS,
  videos: VIDEOS,
  virtualTours: VIDEOS,
  fireCertifications: SCANNABLE_DOCUMENTS,
  accessibilityCertifications: SCANNABLE_DOCUMENTS,
  technicalReports: PDF_ONLY,
} as const satisfies Record<MediaGroupKey, MediaRule>;

/** Every MIME type a content check may report for a file the group takes. */
export function mimeTypesOf(rule: MediaRule): string[] {
  return [...new Set(rule.formats.flatMap((format) => MEDIA_FORMATS[format].mimeTypes))];
}

/** Every extension a group may see, before its content is known. */
export function extensionsOf(rule: MediaRule): Set<string> {
  return new Set(rule.formats.flatMap((format) => MEDIA_FORMATS[format].extensions));
}

/** The format a content check's MIME type stands for, if any group takes it. */
export function formatOfMimeType(mimeType: string): MediaFormat | undefined {
  return (Object.keys(MEDIA_FORMATS) as MediaFormat[]).find((format) =>
    (MEDIA_FORMATS[format].mimeTypes as readonly string[]).includes(mimeType),
  );
}

/** The lower-case extension of a file name, or '' when it has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

// ISO base media files (MP4, M4V, MOV) name a brand in bytes 8-12 after `ftyp`. Cameras use many
// (isom, mp42, XAVC, CAEP…), so any brand is a video except those of stills and sound: HEIC, AVIF,
// Canon raw, M4A and F4A audio, and 3GP (old phones' format, which no group takes). The server's
// content check reads brands the same way, and the signature test holds the two together.
const NOT_VIDEO_BRANDS = new Set([
  'avif',
  'avis',
  'mif1',
  'msf1',
  'heic',
  'heix',
  'hevc',
  'hevx',
  'M4B',
  'M4A',
  'F4A',
  'F4B',
  'crx',
]);
// QuickTime files without an `ftyp` box start straight with one of these atoms.
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free']);

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));
const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

/**
 * The format a file's first bytes (at least SIGNATURE_BYTES of them, when the file is that long)
 * show, or undefined for anything no group takes.
 */
export function formatFromSignature(head: Uint8Array): MediaFormat | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (ascii(head, 0, 5) === '%PDF-') return 'pdf';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    // EBML: WebM and Matroska share it and differ in the doctype that follows.
    return ascii(head, 4, SIGNATURE_BYTES).includes('webm') ? 'webm' : undefined;
  }
  const box = ascii(head, 4, 8);
  // A brand starts with a printable character; trailing spaces and NULs are padding.
  if (box === 'ftyp' && head.length > 8 && ((head[8] ?? 0) & 0x60) !== 0) {
    const brand = ascii(head, 8, 12).replace(/[\0 ]+$/, '');
    if (brand === 'qt') return 'mov';
    if (NOT_VIDEO_BRANDS.has(brand) || brand.startsWith('3g')) return undefined;
    return 'mp4';
  }
  if (QUICKTIME_ATOMS.has(box)) return 'mov';
  return undefined;
}

/** The content is not a format the group takes; the name hides what the content is; too big. */
export type MediaRefusal = 'wrongType' | 'wrongName' | 'tooLarge';

/** Why a file cannot join a group, judged by its name, size and first bytes; null when it can. */
export function refusalOf(
  group: MediaGroupKey,
  file: { name: string; size: number },
  head: Uint8Array,
): MediaRefusal | null {
  const rule = MEDIA_RULES[group];
  const format = formatFromSignature(head);
  if (!format || !rule.formats.includes(format)) return 'wrongType';
  // A PNG named plan.pdf would be offered to the recipient's PDF viewer; the name must tell the truth.
  if (!(MEDIA_FORMATS[format].extensions as readonly string[]).includes(extensionOf(file.name))) {
    return 'wrongName';
  }
  if (file.size > rule.maxBytes) return 'tooLarge';
  return null;
}

/**
 * A photo's caption: one line under the photo and its text alternative ("חזית הבניין מרחוב הברזל"),
 * not a description, so a short limit; free-text rules (domain/free-text.ts) apply as to any text.
 */
export const MAX_CAPTION_LENGTH = 120;

/** A caption as stored: runs of white space (line breaks too) as one space, trimmed; blank is none. */
export function normalizeCaption(text: string): string | null {
  const caption = text.replace(/\s+/g, ' ').trim();
  return caption === '' ? null : caption;
}

/** What is wrong with a caption as typed (before normalizeCaption), or null. */
export function captionProblem(text: string): 'maxLength' | 'unsafeCharacters' | null {
  const caption = normalizeCaption(text) ?? '';
  if (caption.length > MAX_CAPTION_LENGTH) return 'maxLength';
  if (hasHiddenOrControlCharacters(caption)) return 'unsafeCharacters';
  return null;
}

/** A caption problem as the error envelope's detail names it (the JSON body check's words). */
export function captionMessage(problem: 'maxLength' | 'unsafeCharacters'): string {
  return problem === 'maxLength' ? `maxLength:${MAX_CAPTION_LENGTH}` : 'validation.unsafeCharacters';
}
