import type { webcrypto } from 'node:crypto';

/** Keys kept at most; a process has one secret, tests make many (past the bound they start over). */
const MAX_KEYS = 16;

const imported = new Map<string, Promise<webcrypto.CryptoKey>>();

/**
 * An HS256 key as WebCrypto holds it, imported once per purpose and secret: given raw bytes, jose
 * imports the key again on every signature and every verification, work done again for each token
 * a refresh or a sign-in issues (issue 26, docs/decisions.md).
 */
export function hmacKeyOf(
  purpose: string,
  secret: string,
  bytes: () => Uint8Array<ArrayBuffer>,
): Promise<webcrypto.CryptoKey> {
  const id = `${purpose}\u0000${secret}`;
  let key = imported.get(id);
  if (!key) {
    if (imported.size >= MAX_KEYS) imported.clear();
    key = crypto.subtle.importKey('raw', bytes(), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    imported.set(id, key);
  }
  return key;
}
