import { OTP_RESEND_INTERVAL_MS } from '@domain/otp-policy';

/**
 * The numbers behind one-time codes. Every limit is counted from otp_sessions in the database, so
 * it holds across restarts and across several server instances.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const OTP_POLICY = {
  /** A code is valid for 5 minutes: valid while now < expiresAt. */
  ttlMs: 5 * MINUTE,
  /** The spec's interval, which the code screen counts down too. */
  resendIntervalMs: OTP_RESEND_INTERVAL_MS,
  /** Sends to one phone, whatever the process. */
  phoneSends: { max: 5, windowMs: 10 * MINUTE },
  /** Sends requested from one client address. */
  ipSends: { max: 30, windowMs: 60 * MINUTE },
  /** Wrong tries one code survives; the fifth wrong try kills it. */
  maxAttemptsPerCode: 5,
  /**
   * Wrong tries against one phone across all its codes: a resend does not buy more guesses. The
   * daily cap keeps a patient guesser (who can always ask for new codes) near 1 in 10,000 a year.
   */
  phoneFailures: [
    { max: 10, windowMs: 60 * MINUTE },
    { max: 30, windowMs: 24 * 60 * MINUTE },
  ],
} as const;
