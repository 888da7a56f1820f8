import type { Language } from '../http/error-messages';
import { OTP_POLICY } from './otp-policy';

const MINUTES = OTP_POLICY.ttlMs / 60_000;

/**
 * The SMS text. Hebrew unless the request asked for English; the code is in digits, which read
 * the same in either direction.
 */
export function otpSmsText(code: string, language: Language): string {
  return language === 'en'
    ? `Your Nechasim verification code: ${code}. The code is valid for ${MINUTES} minutes.`
    : `קוד האימות שלך לנכסים: ${code}. הקוד בתוקף ל-${MINUTES} דקות.`;
}
