import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock';
import { API_PREFIX } from '../http/contract';

/** A signed URL stays valid at least this long. */
export const FILE_URL_TTL_SECONDS = 15 * 60;
/**
 * Expiry times are rounded up to this step, so every URL for one file issued within the same five
 * minutes is the same URL and the browser's cache (max-age 600) serves repeated list loads.
 * A URL therefore lives 15 to 20 minutes.
 */
export const FILE_URL_EXPIRY_STEP_SECONDS = 5 * 60;

/** Separates this key from every other use of the JWT secret (a token signature is never a URL signature). */
const KEY_LABEL = 'nechasim/property-file-url/v1';

export interface FileUrlSigner {
  /** `/api/property/files/<fileId>?expires=<unix seconds>&sig=<base64url HMAC-SHA256>` */
  urlFor(fileId: string): string;
  /** True when the signature is ours for this file and the URL has not expired on the clock. */
  verify(fileId: string, expires: number, signature: string): boolean;
}

/**
 * Files are fetched by <img> and <video>, which cannot send a bearer header; a short-lived HMAC
 * over the file id and the expiry is the authorisation instead.
 */
export function createFileUrlSigner(secret: string, clock: Clock): FileUrlSigner {
  const key = createHmac('sha256', secret).update(KEY_LABEL).digest();
  const sign = (fileId: string, expires: number) =>
    createHmac('sha256', key).update(`${fileId}\n${expires}`).digest();

  return {
    urlFor(fileId) {
      const now = Math.floor(clock.now().getTime() / 1000);
      const step = FILE_URL_EXPIRY_STEP_SECONDS;
      const expires = Math.ceil((now + FILE_URL_TTL_SECONDS) / step) * step;
      const signature = sign(fileId, expires).toString('base64url');
      return `${API_PREFIX}/property/files/${fileId}?expires=${expires}&sig=${signature}`;
    },
    verify(fileId, expires, signature) {
      if (!Number.isSafeInteger(expires)) return false;
      // Compared as text: base64url decoding ignores stray characters and spare bits, so comparing
      // decoded bytes would accept more than one spelling of a signature.
      const expected = Buffer.from(sign(fileId, expires).toString('base64url'));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      return clock.now().getTime() < expires * 1000;
    },
  };
}
