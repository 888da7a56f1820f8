/**
 * The uploader's file name is kept for display and for Content-Disposition only; it never becomes
 * a path. Still, it is cleaned so that it cannot smuggle a path, break a header, or use bidi
 * controls to disguise its extension ("‮gpj.exe" shows as "exe.jpg").
 */

const MAX_NAME_LENGTH = 200;
const FALLBACK_NAME = 'file';

// Controls (C0 with NUL, DEL, C1) and format characters, which include the bidi marks, embeddings,
// overrides and isolates.
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}]/gu;

export function sanitizeFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base.normalize('NFC').replace(UNSAFE_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  const name = cleaned.replace(/^\.+/, '').trim();
  if (name === '') return FALLBACK_NAME;
  return truncateKeepingExtension(name, MAX_NAME_LENGTH);
}

function truncateKeepingExtension(name: string, max: number): string {
  const characters = [...name];
  if (characters.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  if (extension.length === 0 || extension.length > 16) return characters.slice(0, max).join('');
  return characters.slice(0, max - extension.length).join('') + extension.join('');
}

/**
 * `inline` or `attachment` with both an ASCII fallback `filename` and the exact UTF-8 name as an
 * RFC 5987 `filename*` (Hebrew names survive; old clients get underscores).
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
