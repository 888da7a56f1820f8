/**
 * Pure rules of the code entry and of a stored code session (spec 3 "OTP session", 4 "Code entry
 * behaviour", 5 "One-time code"), shared by the OTP machine and the screens that show it.
 */
import { stripNonDigits } from '@domain/phone-default-country';
import { EMPTY_OTP_SESSION_ID, OTP_LENGTH } from '@domain/registration';

/** Typing and pasting alike: non-digits are dropped and only the first 6 digits kept ('a1b2c3d4e5f6g7' → '123456'). */
export function normalizeOtpCode(input: string): string {
  return stripNonDigits(input).slice(0, OTP_LENGTH);
}

export function isOtpCodeComplete(code: string): boolean {
  return code.length === OTP_LENGTH && stripNonDigits(code) === code;
}

/** The all-zero id is how the server says "no session": nothing can be verified against it. */
export function isEmptyOtpSessionId(otpSessionId: string | null | undefined): boolean {
  return !otpSessionId || otpSessionId === EMPTY_OTP_SESSION_ID;
}

export interface OtpSessionRef {
  otpSessionId: string;
  /** ISO date-time; null when only the id is known (a verify URL without the stored session). */
  expiresAt: string | null;
}

/**
 * Spec 3: a session is valid only while the current time is before expiresAt. An unknown expiry counts
 * as valid, because the server still judges the code; an unreadable one does not.
 */
export function isOtpSessionValid(session: OtpSessionRef | null, now: number): boolean {
  if (!session || isEmptyOtpSessionId(session.otpSessionId)) return false;
  if (session.expiresAt === null) return true;
  const expiresAt = Date.parse(session.expiresAt);
  return Number.isFinite(expiresAt) && now < expiresAt;
}
