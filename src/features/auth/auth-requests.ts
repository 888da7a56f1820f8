/**
 * The sign-in and registration calls (spec 7), as the machines' actors use them: each resolves with the
 * envelope's data or throws the ApiError the machines read (`message`, `code`, `details`).
 *
 * A 429 carries Retry-After; its wait is put into the message here ('try again in 25 seconds'),
 * because the machines keep only the text and the code of a failure.
 */
import type {
  OtpVerification,
  SendOtpInput,
  SentOtpSession,
  VerifyCodeInput,
} from '@machines/otp/otp.machine';
import type { Lead, LeadInput } from '@machines/registration/registration-lead';
import type { Tokens } from '@openapi/schema';
import { ApiError, api, isApiError, unwrap } from '@/api';
import { i18n } from '@/i18n/i18n';
import { readLeadSecret, writeLeadSecret } from './lead-store';

interface Answer<T> {
  data?: { success: true; data: T };
  error?: unknown;
  response: Response;
}

/** 'Try again in 25 seconds' for a 429 whose wait is known (its Retry-After); the server's text otherwise. */
function withWait(error: ApiError): ApiError {
  const seconds = error.retryAfterSeconds;
  if (error.status !== 429 || !seconds) return error;
  const message =
    error.code === 'otp_resend_too_soon'
      ? i18n.t('auth:authCommon.resendTooSoon', { count: seconds })
      : seconds <= 90
        ? i18n.t('auth:authCommon.tooManySeconds', { count: seconds })
        : i18n.t('auth:authCommon.tooManyMinutes', { count: Math.ceil(seconds / 60) });
  return new ApiError(message, {
    status: error.status,
    code: error.code,
    details: error.details,
    retryAfterSeconds: seconds,
  });
}

async function call<T>(request: Promise<Answer<T>>): Promise<T> {
  try {
    return await unwrap(request);
  } catch (error) {
    throw isApiError(error) ? withWait(error) : error;
  }
}

export function sendOtp(body: SendOtpInput, signal?: AbortSignal): Promise<SentOtpSession> {
  return call(api.POST('/login/Otp/send', { body, signal }));
}

/** Sign-in checks its code in login (which answers tokens); registration in verify (the verified lead). */
export async function verifyCode(input: VerifyCodeInput, signal?: AbortSignal): Promise<OtpVerification> {
  if (input.process === 'auth') {
    const tokens = await call(
      api.POST('/login/auth/login', {
        body: { phoneNumber: input.phoneNumber, otpSessionId: input.otpSessionId, otpCode: input.otpCode },
        signal,
      }),
    );
    return { process: 'auth', tokens };
  }
  const verified = await call(
    api.POST('/login/Otp/verify', {
      body: {
        otpSessionId: input.otpSessionId,
        otpCode: input.otpCode,
        process: 'registration',
        ...(input.leadId ? { leadId: input.leadId } : {}),
      },
      signal,
    }),
  );
  return { process: 'registration', lead: verified.lead ?? null };
}

/** The lead's X-Lead-Secret from lead storage: without it the server answers 404 for the lead. */
function leadSecretHeader(leadId: string | undefined): { 'X-Lead-Secret'?: string } {
  const secret = leadId === undefined ? null : readLeadSecret(leadId);
  return secret ? { 'X-Lead-Secret': secret } : {};
}

/** A created lead's secret goes to lead storage, not into the lead the machine carries. */
function keepSecret({ leadSecret, ...lead }: Lead): Lead {
  if (leadSecret) writeLeadSecret({ leadId: lead.id, secret: leadSecret });
  return lead;
}

export async function saveLead(input: LeadInput, signal?: AbortSignal): Promise<Lead> {
  try {
    const headers = leadSecretHeader(input.id);
    return keepSecret(
      await call(api.POST('/login/leads/save', { body: input, params: { header: headers }, signal })),
    );
  } catch (error) {
    // The server no longer knows the stored lead (a data reset), or it is no longer this device's
    // (its secret expired a day after the last change): the details start a new one.
    if (isApiError(error) && error.code === 'lead_not_found' && input.id !== undefined) {
      const { id: _unknown, ...fresh } = input;
      return keepSecret(await call(api.POST('/login/leads/save', { body: fresh, signal })));
    }
    throw error;
  }
}

export function getLead(leadId: string, signal?: AbortSignal): Promise<Lead> {
  return call(
    api.GET('/login/leads/{leadId}', {
      params: { path: { leadId }, header: leadSecretHeader(leadId) },
      signal,
    }),
  );
}

export function registerLead(leadId: string, signal?: AbortSignal): Promise<Tokens> {
  return call(
    api.POST('/login/auth/register/lead', {
      body: { leadId },
      params: { header: leadSecretHeader(leadId) },
      signal,
    }),
  );
}
