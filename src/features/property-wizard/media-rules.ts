/**
 * The browser's side of what each media group of step 5 takes: the picker's filter, the limits shown
 * in the drop area, and the check of each chosen file's first bytes. The rule itself lives in
 * domain/media-rules.ts, shared with the server, so a file the browser lets through is one the save
 * accepts.
 */
import {
  formatFromSignature,
  MEDIA_FORMATS,
  MEDIA_RULES,
  type MediaFormat,
  refusalOf,
  SIGNATURE_BYTES,
} from '@domain/media-rules';
import type { MediaGroup, MediaGroupKey } from '@domain/property-options';

export { MEDIA_RULES };

/** How formats are named to brokers. */
export const formatLabel = (format: MediaFormat): string => MEDIA_FORMATS[format].label;

/** The dropzone's `accept`: MIME type → extensions, so the file picker filters by both. */
export function acceptFor(group: MediaGroupKey): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const format of MEDIA_RULES[group].formats) {
    const { mimeTypes, extensions } = MEDIA_FORMATS[format];
    const mime = mimeTypes[0];
    accept[mime] = [...new Set([...(accept[mime] ?? []), ...extensions.map((extension) => `.${extension}`)])];
  }
  return accept;
}

/** Whether a phone's picker offers its camera for this group (it does when the group takes photos). */
export function takesPhotos(group: MediaGroupKey): boolean {
  return MEDIA_RULES[group].formats.includes('jpeg');
}

/** Photos are shown as a gallery with a cover; every other group as a list of files. */
export function isGallery(group: MediaGroup): boolean {
  return group.fileType === 'image';
}

export function isImageFile(mimeType: string): boolean {
  return mimeType.startsWith('image/');
}

/** A chosen file left out, and why: the broker sees each with its reason. */
export type RefusedFile =
  | { name: string; reason: 'wrongType' | 'tooLarge' | 'other' }
  | { name: string; reason: 'wrongName'; format: MediaFormat };

export interface ChosenFiles {
  accepted: File[];
  refused: RefusedFile[];
}

/**
 * Sorts the files a broker chose by the shared rule, reading only each file's first bytes. A file
 * whose bytes cannot be read (moved or deleted since it was picked) is refused, not added.
 */
export async function sortChosenFiles(group: MediaGroupKey, files: readonly File[]): Promise<ChosenFiles> {
  const verdicts = await Promise.all(
    files.map(async (file): Promise<RefusedFile | null> => {
      let head: Uint8Array;
      try {
        head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
      } catch {
        return { name: file.name, reason: 'other' };
      }
      const refusal = refusalOf(group, file, head);
      if (refusal === null) return null;
      if (refusal === 'wrongName') {
        return { name: file.name, reason: 'wrongName', format: formatFromSignature(head) ?? 'jpeg' };
      }
      return { name: file.name, reason: refusal };
    }),
  );
  return {
    accepted: files.filter((_file, index) => verdicts[index] === null),
    refused: verdicts.filter((verdict): verdict is RefusedFile => verdict !== null),
  };
}
