/**
 * The drawn signature a client may add when signing a brokerage order (issue 23): optional, beside
 * the typed name and the consent, never instead of them. The page sends it as a PNG data URL; these
 * rules decide what the server accepts, so a field is either a small real PNG or a clear error.
 */

/** What the signing form's hidden field starts with. */
export const SIGNATURE_DRAWING_PREFIX = 'data:image/png;base64,';
/** The PNG itself, decoded: a line drawing on a 600 × 200 canvas is a few kilobytes. */
export const SIGNATURE_DRAWING_MAX_BYTES = 64 * 1024;
/** The form field's longest accepted length: the prefix and the base64 of the largest PNG. */
export const SIGNATURE_DRAWING_MAX_FIELD_LENGTH =
  SIGNATURE_DRAWING_PREFIX.length + Math.ceil(SIGNATURE_DRAWING_MAX_BYTES / 3) * 4;
/** Larger than the pad draws; refuses a small file that claims a huge picture. */
export const SIGNATURE_DRAWING_MAX_SIDE = 2000;

export type SignatureDrawingError = 'tooLarge' | 'notPng';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The base64 of the PNG in a form field, or why it cannot be one. An empty field is no drawing
 * (null): the typed name and the consent sign on their own.
 */
export function signatureDrawingBase64(
  field: string,
): { ok: true; base64: string | null } | { ok: false; error: SignatureDrawingError } {
  if (field === '') return { ok: true, base64: null };
  if (field.length > SIGNATURE_DRAWING_MAX_FIELD_LENGTH) return { ok: false, error: 'tooLarge' };
  if (!field.startsWith(SIGNATURE_DRAWING_PREFIX)) return { ok: false, error: 'notPng' };
  const base64 = field.slice(SIGNATURE_DRAWING_PREFIX.length);
  if (base64 === '' || !BASE64.test(base64)) return { ok: false, error: 'notPng' };
  return { ok: true, base64 };
}

/** Whether decoded bytes are a PNG within the limits: the signature, then the IHDR chunk's size. */
export function signatureDrawingIssue(bytes: Uint8Array): SignatureDrawingError | null {
  if (bytes.length > SIGNATURE_DRAWING_MAX_BYTES) return 'tooLarge';
  if (bytes.length < 33 || PNG_MAGIC.some((byte, index) => bytes[index] !== byte)) return 'notPng';
  const ihdr = String.fromCharCode(...bytes.subarray(12, 16));
  const side = (at: number) =>
    ((bytes[at] ?? 0) << 24) |
    ((bytes[at + 1] ?? 0) << 16) |
    ((bytes[at + 2] ?? 0) << 8) |
    (bytes[at + 3] ?? 0);
  const [width, height] = [side(16), side(20)];
  if (ihdr !== 'IHDR' || width <= 0 || height <= 0) return 'notPng';
  if (width > SIGNATURE_DRAWING_MAX_SIDE || height > SIGNATURE_DRAWING_MAX_SIDE) return 'tooLarge';
  return null;
}
