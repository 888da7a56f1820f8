import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database';
import { type OtpSession, otpSessions, smsDailySends } from '../db/schema';

export type NewOtpSession = Pick<
  OtpSession,
  'id' | 'phoneNumber' | 'process' | 'leadId' | 'codeHash' | 'expiresAt' | 'createdAt' | 'ip'
>;

/**
 * Serialises the wrong-try budget of one phone until the transaction ends: reading the tries so
 * far and taking the next one must be one step, or concurrent guesses all read the same count.
 */
export async function lockOtpPhoneAttempts(tx: Db, phoneNumber: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`otp-verify-phone:${phoneNumber}`}, 0))`,
  );
}

/** Wrong tries against this phone's codes sent since `since`, with the send time of each code that has any. */
export async function failedAttemptsForPhone(
  db: Db,
  phoneNumber: string,
  since: Date,
): Promise<{ createdAt: Date; attempts: number }[]> {
  return db
    .select({ createdAt: otpSessions.createdAt, attempts: otpSessions.attempts })
    .from(otpSessions)
    .where(
      and(
        eq(otpSessions.phoneNumber, phoneNumber),
        gt(otpSessions.createdAt, since),
        gt(otpSessions.attempts, 0),
      ),
    )
    .orderBy(otpSessions.createdAt);
}

/** The send limits' numbers, as the policy states them. */
export interface OtpSendLimits {
  resendIntervalMs: number;
  phoneSends: { max: number; windowMs: number };
  ipSends: { max: number; windowMs: number };
  /** Codes the whole service sends per UTC day. */
  daily: number;
}

export type OtpSendRefusal = 'otp_resend_too_soon' | 'otp_send_limit' | 'otp_daily_limit';

/**
 * Checks the send limits and, when none refuses, stores the code and counts it on its UTC day: one
 * statement (the send_otp_code function of migration 0022, where the rules and the locks that
 * serialise sends per address and per phone are), so one round trip per send (issue 26). Answers
 * the refusal and when a send may succeed again, or null when the code was stored.
 */
export async function storeOtpSessionWithinLimits(
  db: Db,
  session: NewOtpSession,
  limits: OtpSendLimits,
): Promise<{ refusal: OtpSendRefusal; retryAt: Date } | null> {
  const [row] = await queryRows<{ refusal: OtpSendRefusal | null; retry_at: Date | string }>(
    db,
    sql`select refusal, retry_at from send_otp_code(
      ${session.id}::uuid, ${session.phoneNumber}, ${session.process}, ${session.leadId}::uuid,
      ${session.codeHash}, ${session.ip}, ${session.createdAt.toISOString()}::timestamptz,
      ${session.expiresAt.toISOString()}::timestamptz, ${limits.resendIntervalMs}::int,
      ${limits.phoneSends.max}::int, ${limits.phoneSends.windowMs}::int, ${limits.ipSends.max}::int,
      ${limits.ipSends.windowMs}::int, ${limits.daily}::int)`,
  );
  if (!row) throw new Error('send_otp_code answered no row');
  if (row.refusal === null) return null;
  return { refusal: row.refusal, retryAt: new Date(row.retry_at) };
}

export async function deleteOtpSession(db: Db, id: string): Promise<void> {
  await db.delete(otpSessions).where(eq(otpSessions.id, id));
}

export async function findOtpSession(db: Db, id: string): Promise<OtpSession | null> {
  const [row] = await db.select().from(otpSessions).where(eq(otpSessions.id, id)).limit(1);
  return row ?? null;
}

/**
 * Takes one of the code's tries before the code is compared: at most `maxAttempts` comparisons can
 * ever happen, however many requests arrive at once. Null when the code is used, dead or expired.
 */
export async function reserveOtpAttempt(
  db: Db,
  id: string,
  now: Date,
  maxAttempts: number,
): Promise<OtpSession | null> {
  const [row] = await db
    .update(otpSessions)
    .set({ attempts: sql`${otpSessions.attempts} + 1` })
    .where(
      and(
        eq(otpSessions.id, id),
        isNull(otpSessions.consumedAt),
        lt(otpSessions.attempts, maxAttempts),
        gt(otpSessions.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Spends the code and gives back the try reserved for it (a right code is not a failure). Only one
 * caller can ever get true for a code: the row is claimed by `consumed_at IS NULL` in one statement.
 */
export async function consumeOtpSession(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(otpSessions)
    .set({ consumedAt: now, attempts: sql`greatest(${otpSessions.attempts} - 1, 0)` })
    .where(and(eq(otpSessions.id, id), isNull(otpSessions.consumedAt)))
    .returning({ id: otpSessions.id });
  return rows.length === 1;
}

/**
 * Counts one more code sent on `now`'s UTC day and answers the day's total, this one included. One
 * statement on one row: concurrent sends (on any server) each get their own number.
 */
export async function countTodaysSend(tx: Db, now: Date): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  const [row] = await tx
    .insert(smsDailySends)
    .values({ day, sent: 1 })
    .onConflictDoUpdate({ target: smsDailySends.day, set: { sent: sql`${smsDailySends.sent} + 1` } })
    .returning({ sent: smsDailySends.sent });
  return row?.sent ?? 0;
}
