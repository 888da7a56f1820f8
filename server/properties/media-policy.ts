import { MEDIA_GROUPS, type MediaGroup } from '@domain/property-options';

/**
 * What each media group accepts, judged by the file's content (magic bytes), never by its name or
 * the Content-Type a client declares. Formats a browser renders as active content (HTML, SVG, XML)
 * are in no list, so a stored file can never run script on our origin.
 */
const JPEG = 'image/jpeg';
const PNG = 'image/png';
const WEBP = 'image/webp';
const HEIC = ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'];
// M4V is what iPhones and Macs export; it is MP4 with Apple's brand.
const VIDEO = ['video/mp4', 'video/x-m4v', 'video/quicktime', 'video/webm'];
const PDF = 'application/pdf';

const MB = 1024 * 1024;

export interface MediaRule {
  /** Sniffed MIME types the group takes. */
  mimeTypes: readonly string[];
  /** Largest file in bytes. */
  maxBytes: number;
}

/** By kind: images 15 MB, videos 200 MB, documents 25 MB. */
export const MAX_BYTES_BY_FILE_TYPE = {
  image: 15 * MB,
  video: 200 * MB,
  document: 25 * MB,
} as const satisfies Record<MediaGroup['fileType'], number>;

/**
 * Floorplans and certificates are often scans or exports, so they take JPEG and PNG besides PDF;
 * technical reports are PDF only.
 */
export const MEDIA_RULES = {
  propertyImages: { mimeTypes: [JPEG, PNG, WEBP, ...HEIC], maxBytes: MAX_BYTES_BY_FILE_TYPE.image },
  floorplans: { mimeTypes: [PDF, JPEG, PNG], maxBytes: MAX_BYTES_BY_FILE_TYPE.document },
  videos: { mimeTypes: VIDEO, maxBytes: MAX_BYTES_BY_FILE_TYPE.video },
  virtualTours: { mimeTypes: VIDEO, maxBytes: MAX_BYTES_BY_FILE_TYPE.video },
  fireCertifications: { mimeTypes: [PDF, JPEG, PNG], maxBytes: MAX_BYTES_BY_FILE_TYPE.document },
  accessibilityCertifications: { mimeTypes: [PDF, JPEG, PNG], maxBytes: MAX_BYTES_BY_FILE_TYPE.document },
  technicalReports: { mimeTypes: [PDF], maxBytes: MAX_BYTES_BY_FILE_TYPE.document },
} as const satisfies Record<MediaGroup['key'], MediaRule>;

/**
 * The extensions a file of each sniffed type may be named with (the client's picker filters by the
 * same). MP4, M4V and QuickTime are one container family that cameras label loosely, so they share.
 */
const ISO_VIDEO = ['mp4', 'm4v', 'mov', 'qt'];
export const EXTENSIONS_BY_MIME: Readonly<Record<string, readonly string[]>> = {
  [JPEG]: ['jpg', 'jpeg'],
  [PNG]: ['png'],
  [WEBP]: ['webp'],
  ...Object.fromEntries(HEIC.map((mime) => [mime, ['heic', 'heif']])),
  'video/mp4': ISO_VIDEO,
  'video/x-m4v': ISO_VIDEO,
  'video/quicktime': ISO_VIDEO,
  'video/webm': ['webm'],
  [PDF]: ['pdf'],
};

/** Every extension a group may see, before its content is known. */
export function extensionsOf(rule: MediaRule): Set<string> {
  return new Set(rule.mimeTypes.flatMap((mime) => EXTENSIONS_BY_MIME[mime] ?? []));
}

/** At most this many files in one upload request. */
export const MAX_FILES_PER_REQUEST = 30;
/** At most this many files in a group (the contract's FileIdList maxItems, so an update can name them all). */
export const MAX_FILES_PER_GROUP = 50;

export function mediaGroupByMultipartName(name: string): MediaGroup | undefined {
  return MEDIA_GROUPS.find((group) => group.multipartGroup === name);
}

/** Images and videos are shown in the page; anything else is downloaded, never rendered by the browser. */
export function dispositionFor(mimeType: string): 'inline' | 'attachment' {
  return mimeType.startsWith('image/') || mimeType.startsWith('video/') ? 'inline' : 'attachment';
}
