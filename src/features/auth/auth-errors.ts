/**
 * What the sign-in screens say about a failed call (spec 8), from what the machines kept of it.
 *
 * - Login send failures: authCommon.otpCodeSentFailed, except a 429 whose wait is known (the request
 *   layer wrote it into the message).
 * - Verify and registration failures: the server's message (already in the user's language), or
 *   authCommon.genericError when there is none.
 * - No answer at all (offline, timeout): authCommon.connectionError, never the browser's own words.
 */
import { REGISTRATION_TEXT_LIMITS } from '@domain/registration-text-limits';
import type { ServerError } from '@machines/otp/server-error';
import type { TFunction } from 'i18next';

const TRANSPORT_CODES = new Set(['network_error', 'timeout', 'invalid_response']);
const RATE_LIMIT_CODES = new Set([
  'otp_resend_too_soon',
  'otp_send_limit',
  'otp_verify_limit',
  'otp_daily_limit',
  'rate_limited',
]);
/** Refusals the user can act on only if told why, in the server's words (already in their language). */
const EXPLAINED_CODES = new Set(['sms_country_not_supported']);

export function isTransportError(error: ServerError): boolean {
  return error.code !== null && TRANSPORT_CODES.has(error.code);
}

/** The server's words, or ours when it said nothing readable. */
export function serverErrorText(error: ServerError, t: TFunction<'auth'>): string {
  if (isTransportError(error)) return t('authCommon.connectionError');
  return error.message ?? t('authCommon.genericError');
}

/** Spec 8 "OTP send failure (login)": one calm sentence, unless the user must wait a known time. */
export function loginSendErrorText(error: ServerError, t: TFunction<'auth'>): string {
  if (isTransportError(error)) return t('authCommon.connectionError');
  if (error.code !== null && RATE_LIMIT_CODES.has(error.code) && error.message) return error.message;
  if (error.code !== null && EXPLAINED_CODES.has(error.code) && error.message) return error.message;
  return t('authCommon.otpCodeSentFailed');
}

/** The contract's length check in Ajv's words: told as the limit, not as wrong characters. */
const AJV_TOO_LONG = /^must NOT have more than \d+ characters$/;

/** A field's error key in the user's language; a length message names the field's limit. */
export function authFieldErrorText(key: string, field: string, t: TFunction<'auth'>): string {
  const limit = (REGISTRATION_TEXT_LIMITS as Readonly<Record<string, number>>)[field];
  return t(key as 'validation.tooLong', limit === undefined ? {} : { limit });
}

/**
 * A save-lead 400 names fields as 'body/<field>' with an auth i18n key; the contract's own checks
 * answer in English words instead, so those fall back to the field's usual message (its length
 * check to the length message).
 */
export function fieldErrorsOf<Field extends string>(
  error: ServerError | null,
  fallbackKeys: Readonly<Record<Field, string>>,
  t: TFunction<'auth'>,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const detail of error?.details ?? []) {
    const field = detail.path.replace(/^body\//, '').split('/')[0] as Field;
    if (!(field in fallbackKeys) || errors[field]) continue;
    const key = /^(authCommon|validation)\./.test(detail.message)
      ? detail.message
      : AJV_TOO_LONG.test(detail.message)
        ? 'validation.tooLong'
        : fallbackKeys[field];
    errors[field] = authFieldErrorText(key, field, t);
  }
  return errors;
}
