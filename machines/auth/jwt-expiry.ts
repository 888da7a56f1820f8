/**
 * Reads a JWT's claims without verifying it: the client only needs `exp` to decide when to refresh
 * (spec 4 "Token refresh"); the server is the one that trusts or refuses the token.
 * The base64url decoder is hand-written so the same code runs in browsers and Node without `atob`
 * or `Buffer`.
 */
import { isWellFormedToken } from './token-format';

const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const SEXTET_OF = new Map([...BASE64URL_ALPHABET].map((char, index) => [char, index]));

/** Decodes unpadded base64url (padding is tolerated); null when a character is outside the alphabet. */
export function decodeBase64Url(segment: string): Uint8Array | null {
  const text = segment.replace(/=+$/, '');
  if (text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let written = 0;
  for (const char of text) {
    const sextet = SEXTET_OF.get(char);
    if (sextet === undefined) return null;
    buffer = (buffer << 6) | sextet;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[written++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}

/** The token's payload claims, or null when the token is not a decodable JWT with an object payload. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  if (!isWellFormedToken(token)) return null;
  const bytes = decodeBase64Url(token.split('.')[1] ?? '');
  if (!bytes) return null;
  try {
    const payload: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Expiry instant in epoch milliseconds (`exp` is in seconds), or null when the token carries none. */
export function getJwtExpiry(token: string): number | null {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * True when the token has expired or expires within `windowMs` of `now`. A token without a
 * readable `exp` is never "expiring": we cannot know, and a 401 will still trigger a refresh.
 */
export function isExpiringWithin(token: string, now: number, windowMs: number): boolean {
  const expiry = getJwtExpiry(token);
  return expiry !== null && expiry - now <= windowMs;
}
