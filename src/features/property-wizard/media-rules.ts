/**
 * What each media group of step 5 takes, shown to the broker before choosing files and checked by
 * the dropzone so a wrong file is refused at once, not after a long upload. The server checks again
 * by content (these mirror its media policy).
 */
import type { MediaGroup, MediaGroupKey } from '@domain/property-options';

const MB = 1024 * 1024;

export type MediaFormat = 'jpeg' | 'png' | 'webp' | 'mp4' | 'mov' | 'webm' | 'pdf';

const MIME_BY_FORMAT = {
  jpeg: { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  png: { mime: 'image/png', extensions: ['.png'] },
  webp: { mime: 'image/webp', extensions: ['.webp'] },
  mp4: { mime: 'video/mp4', extensions: ['.mp4', '.m4v'] },
  mov: { mime: 'video/quicktime', extensions: ['.mov'] },
  webm: { mime: 'video/webm', extensions: ['.webm'] },
  pdf: { mime: 'application/pdf', extensions: ['.pdf'] },
} as const satisfies Record<MediaFormat, { mime: string; extensions: readonly string[] }>;

/** How formats are named to brokers. */
export const FORMAT_LABELS = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  mp4: 'MP4',
  mov: 'MOV',
  webm: 'WebM',
  pdf: 'PDF',
} as const satisfies Record<MediaFormat, string>;

export interface MediaRule {
  formats: readonly MediaFormat[];
  maxBytes: number;
}

const IMAGES: MediaRule = { formats: ['jpeg', 'png', 'webp'], maxBytes: 15 * MB };
const VIDEOS: MediaRule = { formats: ['mp4', 'mov', 'webm'], maxBytes: 200 * MB };
// Floorplans and certificates are often scans, so they take pictures besides PDF.
const SCANNABLE_DOCUMENTS: MediaRule = { formats: ['pdf', 'jpeg', 'png'], maxBytes: 25 * MB };
const PDF_ONLY: MediaRule = { formats: ['pdf'], maxBytes: 25 * MB };

export const MEDIA_RULES = {
  propertyImages: IMAGES,
  floorplans: SCANNABLE_DOCUMENTS,
  videos: VIDEOS,
  virtualTours: VIDEOS,
  fireCertifications: SCANNABLE_DOCUMENTS,
  accessibilityCertifications: SCANNABLE_DOCUMENTS,
  technicalReports: PDF_ONLY,
} as const satisfies Record<MediaGroupKey, MediaRule>;

/** The dropzone's `accept`: MIME type → extensions, so the file picker filters by both. */
export function acceptFor(group: MediaGroupKey): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const format of MEDIA_RULES[group].formats) {
    const { mime, extensions } = MIME_BY_FORMAT[format];
    accept[mime] = [...(accept[mime] ?? []), ...extensions];
  }
  return accept;
}

/** Photos are shown as a gallery with a cover; every other group as a list of files. */
export function isGallery(group: MediaGroup): boolean {
  return group.fileType === 'image';
}

export function isImageFile(mimeType: string): boolean {
  return mimeType.startsWith('image/');
}
