import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@domain/registration';

/** Keeps the code key apart from the JWT key derived from the same secret. */
const KEY_LABEL = 'nechasim/otp-code-hmac/v1';

/** Uniform over 000000–999999, from the OS CSPRNG. */
export function generateOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** The HMAC key for codes, derived from the server secret (HKDF-SHA256). */
export function deriveOtpKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', KEY_LABEL, 32));
}

/**
 * What is stored instead of the code. Binding the session id in means a hash cannot be replayed
 * against another session, and equal codes in two sessions do not show as equal hashes.
 */
export function hashOtpCode(key: Buffer, sessionId: string, code: string): string {
  return createHmac('sha256', key).update(`${sessionId}:${code}`).digest('hex');
}

export function otpCodeMatches(key: Buffer, sessionId: string, code: string, storedHash: string): boolean {
  const actual = Buffer.from(hashOtpCode(key, sessionId, code), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
