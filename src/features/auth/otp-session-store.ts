/**
 * Spec 3 "OTP session": the code session in progress (sessionId, phoneNumber, expiresAt), kept apart
 * from the auth session in sessionStorage under `otp-session`, shaped like the other persisted stores
 * (`{state, version}`). Per tab on purpose: a reload of the verify screen finds it and goes on with the
 * code entry, while the same link opened in another tab or browser does not, and counts as a fresh
 * arrival (the registration resume dialog). A session is valid only while now < expiresAt.
 */
import { isRecord, readJson, sessionStore, writeJson } from './browser-storage';

export const OTP_SESSION_STORAGE_KEY = 'otp-session';

export interface StoredOtpSession {
  sessionId: string;
  /** E.164. */
  phoneNumber: string;
  /** ISO date-time. */
  expiresAt: string | null;
}

function parse(value: unknown): StoredOtpSession | null {
  const state = isRecord(value) && isRecord(value.state) ? value.state : null;
  if (!state || typeof state.sessionId !== 'string' || typeof state.phoneNumber !== 'string') return null;
  return {
    sessionId: state.sessionId,
    phoneNumber: state.phoneNumber,
    expiresAt: typeof state.expiresAt === 'string' ? state.expiresAt : null,
  };
}

/** The stored session, valid or not. */
export function readOtpSession(): StoredOtpSession | null {
  return parse(readJson(sessionStore(), OTP_SESSION_STORAGE_KEY));
}

/** The stored session when it is `sessionId` (the verify URL's), expired or not; else null. */
export function findOtpSession(sessionId: string): StoredOtpSession | null {
  const stored = readOtpSession();
  return stored?.sessionId === sessionId ? stored : null;
}

export function writeOtpSession(session: StoredOtpSession): void {
  writeJson(sessionStore(), OTP_SESSION_STORAGE_KEY, { state: session, version: 0 });
}

export function clearOtpSession(): void {
  sessionStore()?.removeItem(OTP_SESSION_STORAGE_KEY);
}
