/**
 * When a new one-time code may be asked for the same phone (spec 4 and 9): the server refuses a send
 * sooner, and the code screen counts down to it before it offers the resend.
 */
export const OTP_RESEND_INTERVAL_MS = 30_000;
