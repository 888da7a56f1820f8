import { randomUUID } from 'node:crypto';
import { parseE164, validateE164 } from '@domain/phone';
import { checkMobileLine } from '@domain/phone-line';
import type { OtpProcess } from '@domain/registration';
import { isRegistered } from '../auth/registration.service';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { OtpSession } from '../db/schema';
import { AppError } from '../http/app-error';
import type { Language } from '../http/error-messages';
import { findLead } from '../repositories/leads.repository';
import {
  consumeOtpSession,
  deleteOtpSession,
  failedAttemptsForPhone,
  findOtpSession,
  lockOtpPhoneAttempts,
  type OtpSendRefusal,
  reserveOtpAttempt,
  storeOtpSessionWithinLimits,
} from '../repositories/otp-sessions.repository';
import type { SmsProvider } from '../sms/sms-provider';
import { deriveOtpKey, generateOtpCode, hashOtpCode, otpCodeMatches } from './otp-code';
import { otpSmsText } from './otp-message';
import { OTP_POLICY } from './otp-policy';

/** The processes a code is bound to: the app's two, and the client's phone on an exposure link (issue 23). */
export type ServerOtpProcess = OtpProcess | 'exposure';

export interface SendOtpInput {
  phoneNumber: string;
  process: ServerOtpProcess;
  leadId?: string;
  /** The client address as Fastify resolved it (X-Forwarded-For only behind a trusted proxy). */
  ip: string;
  language: Language;
}

export interface SentOtp {
  otpSessionId: string;
  expiresAt: Date;
  resendAvailableAt: Date;
}

export interface VerifyOtpInput {
  otpSessionId: string;
  otpCode: string;
  process: ServerOtpProcess;
  /** Sign-in names the phone; the code must have been sent to it. */
  phoneNumber?: string;
  /** Registration names the lead; the code must have been sent for it. */
  leadId?: string;
}

export interface OtpServiceDeps {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  secret: string;
  /** ISO countries whose phones may be sent a code (SMS_COUNTRIES). */
  smsCountries: readonly string[];
  /** Codes the whole service sends per UTC day (SMS_DAILY_LIMIT). */
  smsDailyLimit: number;
}

/**
 * Sending and checking one-time codes. A code is stored only as an HMAC, lives 5 minutes, is
 * bound to its session, process, phone and lead, and can be spent once.
 *
 * Sending to a phone never looks the phone up in users: sign-in to an unknown number answers and
 * takes as long as sign-in to a known one, and whether an account exists is said only to whoever
 * proves, with the code, that the phone is theirs.
 */
export function createOtpService({ db, clock, sms, secret, smsCountries, smsDailyLimit }: OtpServiceDeps) {
  const key = deriveOtpKey(secret);
  const { resendIntervalMs, phoneSends, ipSends } = OTP_POLICY;
  const sendLimits = { resendIntervalMs, phoneSends, ipSends, daily: smsDailyLimit };

  async function send(input: SendOtpInput): Promise<SentOtp> {
    const phoneError = validateE164(input.phoneNumber) ?? (await checkMobileLine(input.phoneNumber));
    if (phoneError) {
      throw new AppError(400, 'validation_failed', {
        details: [{ path: 'body/phoneNumber', message: `authCommon.${phoneError}` }],
      });
    }
    // SMS pumping: premium-rate ranges abroad earn whoever triggers texts to them. Codes go only
    // where the service's users are.
    const country = parseE164(input.phoneNumber)?.country;
    if (!country || !smsCountries.includes(country)) {
      throw new AppError(400, 'sms_country_not_supported', {
        details: [{ path: 'body/phoneNumber', message: `country:${country ?? 'unknown'}` }],
      });
    }
    const leadId = input.process === 'registration' ? await registrationLeadId(input) : null;

    const id = randomUUID();
    const code = generateOtpCode();
    const now = clock.now();
    const session = {
      id,
      phoneNumber: input.phoneNumber,
      process: input.process,
      leadId,
      codeHash: hashOtpCode(key, id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_POLICY.ttlMs),
      ip: input.ip,
    };
    // The limits are checked under the address's and the phone's locks, and the code is stored and
    // counted on its day only when none refuses, all in one statement.
    const refused = await storeOtpSessionWithinLimits(db, session, sendLimits);
    if (refused) throw tooMany(refused.refusal, refused.retryAt.getTime(), now);

    try {
      await sms.send({
        phoneNumber: input.phoneNumber,
        message: otpSmsText(code, input.language),
        code,
      });
    } catch (error) {
      // A code nobody received must neither work nor count against the phone's limits.
      await deleteOtpSession(db, id);
      throw new AppError(503, 'sms_delivery_failed', { cause: error });
    }

    return {
      otpSessionId: id,
      expiresAt: session.expiresAt,
      resendAvailableAt: new Date(session.createdAt.getTime() + OTP_POLICY.resendIntervalMs),
    };
  }

  /** Registration codes go only to the phone of an existing, unregistered lead. */
  async function registrationLeadId(input: SendOtpInput): Promise<string> {
    if (!input.leadId) {
      throw new AppError(400, 'validation_failed', {
        details: [{ path: 'body/leadId', message: 'is required for registration' }],
      });
    }
    const lead = await findLead(db, input.leadId);
    if (!lead || lead.phoneNumber !== input.phoneNumber) throw new AppError(404, 'lead_not_found');
    if (isRegistered(lead)) {
      throw new AppError(409, 'lead_already_registered');
    }
    return lead.id;
  }

  /**
   * Checks the code and spends it; then runs `onVerified` in the same transaction as the spending,
   * so what the code unlocks and the code's single use commit together. Every way a code can be
   * wrong for this request (unknown session, another phone, process or lead, already used) answers
   * exactly like a wrong code.
   */
  async function verify<T>(
    input: VerifyOtpInput,
    onVerified: (tx: Db, session: OtpSession) => Promise<T>,
  ): Promise<T> {
    const session = await findOtpSession(db, input.otpSessionId);
    if (!session || !isBoundTo(session, input) || session.consumedAt !== null) {
      throw new AppError(400, 'otp_mismatch');
    }
    const now = clock.now();
    // The phone's budget and the try it allows are taken together, under the phone's lock.
    const reserved = await db.transaction(async (tx) => {
      await lockOtpPhoneAttempts(tx, session.phoneNumber);
      await assertPhoneFailureBudget(tx, session.phoneNumber, now);
      return reserveOtpAttempt(tx, session.id, now, OTP_POLICY.maxAttemptsPerCode);
    });
    if (!reserved) throw deadCodeError((await findOtpSession(db, session.id)) ?? session, now);
    if (!otpCodeMatches(key, session.id, input.otpCode, session.codeHash)) {
      throw new AppError(
        400,
        reserved.attempts >= OTP_POLICY.maxAttemptsPerCode ? 'otp_attempts_exceeded' : 'otp_mismatch',
      );
    }

    return db.transaction(async (tx) => {
      if (!(await consumeOtpSession(tx, session.id, now))) throw new AppError(400, 'otp_mismatch');
      return onVerified(tx, session);
    });
  }

  async function assertPhoneFailureBudget(tx: Db, phoneNumber: string, now: Date): Promise<void> {
    const windows = OTP_POLICY.phoneFailures;
    const longest = Math.max(...windows.map((window) => window.windowMs));
    const rows = await failedAttemptsForPhone(tx, phoneNumber, new Date(now.getTime() - longest));
    for (const { max, windowMs } of windows) {
      const since = now.getTime() - windowMs;
      const inWindow = rows.filter((row) => row.createdAt.getTime() > since);
      let total = inWindow.reduce((sum, row) => sum + row.attempts, 0);
      if (total < max) continue;
      // The tries of the oldest codes leave the window first; wait until enough of them have.
      let retryAt = now.getTime();
      for (const row of inWindow) {
        total -= row.attempts;
        retryAt = row.createdAt.getTime() + windowMs;
        if (total < max) break;
      }
      throw tooMany('otp_verify_limit', retryAt, now);
    }
  }

  return { send, verify };
}

export type OtpService = ReturnType<typeof createOtpService>;

function isBoundTo(session: OtpSession, input: VerifyOtpInput): boolean {
  if (session.process !== input.process) return false;
  if (input.phoneNumber !== undefined && session.phoneNumber !== input.phoneNumber) return false;
  if (input.process === 'registration' && session.leadId !== (input.leadId ?? null)) return false;
  return true;
}

/** Why a code could not take another try, as of now. */
function deadCodeError(session: OtpSession, now: Date): AppError {
  if (session.consumedAt !== null) return new AppError(400, 'otp_mismatch');
  if (session.attempts >= OTP_POLICY.maxAttemptsPerCode) return new AppError(400, 'otp_attempts_exceeded');
  if (now.getTime() >= session.expiresAt.getTime()) return new AppError(400, 'otp_expired');
  return new AppError(400, 'otp_mismatch');
}

function tooMany(code: OtpSendRefusal | 'otp_verify_limit', retryAt: number, now: Date) {
  const seconds = Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000));
  return new AppError(429, code, { headers: { 'Retry-After': String(seconds) } });
}
