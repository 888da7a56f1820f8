import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** 32 random bytes: 256 bits, far beyond guessing (the issue asks for at least 128). */
const TOKEN_BYTES = 32;
/** base64url of 32 bytes, unpadded. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Separates this key from every other use of the JWT secret. */
const SEAL_KEY_LABEL = 'nechasim/share-token-seal/v1';

export function newShareToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * What the database keeps to find a link. A plain SHA-256 suffices: the token is 256 random bits,
 * so there is no dictionary to run against a leaked table.
 */
export function hashShareToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A stored hash against the hash of the token given, in constant time. */
export function sameTokenHash(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface TokenSealer {
  seal(token: string): string;
  /** The token, or null when it was sealed under another secret (or tampered with). */
  unseal(sealed: string): string | null;
}

/**
 * AES-256-GCM under a key derived from the server secret, so the broker can copy a link again
 * without the database alone being enough to open it.
 */
export function createTokenSealer(secret: string): TokenSealer {
  const key = createHmac('sha256', secret).update(SEAL_KEY_LABEL).digest();
  return {
    seal(token) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    unseal(sealed) {
      try {
        const bytes = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
        decipher.setAuthTag(bytes.subarray(12, 28));
        return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
