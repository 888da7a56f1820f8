import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type OtpSession, otpSessions, smsDailySends } from '../db/schema';

export type NewOtpSession = Pick<
  OtpSession,
  'id' | 'phoneNumber' | 'process' | 'leadId' | 'codeHash' | 'expiresAt' | 'createdAt' | 'ip'
>;

/**
 * Serialises code sends per phone and per client address until the transaction ends, so two
 * concurrent sends cannot both pass a limit check that only one of them should. Always taken in
 * the same order (address, then phone), so two transactions never wait on each other in a circle.
 */
export async function lockOtpSendKeys(tx: Db, phoneNumber: string, ip: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`otp-send-ip:${ip}`}, 0))`);
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`otp-send-phone:${phoneNumber}`}, 0))`,
  );
}

/**
 * Serialises the wrong-try budget of one phone until the transaction ends: reading the tries so
 * far and taking the next one must be one step, or concurrent guesses all read the same count.
 */
export async function lockOtpPhoneAttempts(tx: Db, phoneNumber: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`otp-verify-phone:${phoneNumber}`}, 0))`,
  );
}

/** When the newest `limit` sends to this phone since `since` happened, newest first. */
export async function recentSendTimesForPhone(
  db: Db,
  phoneNumber: string,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: otpSessions.createdAt })
    .from(otpSessions)
    .where(and(eq(otpSessions.phoneNumber, phoneNumber), gt(otpSessions.createdAt, since)))
    .orderBy(desc(otpSessions.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}

/** When the newest `limit` sends requested from this address since `since` happened, newest first. */
export async function recentSendTimesForIp(db: Db, ip: string, since: Date, limit: number): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: otpSessions.createdAt })
    .from(otpSessions)
    .where(and(eq(otpSessions.ip, ip), gt(otpSessions.createdAt, since)))
    .orderBy(desc(otpSessions.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
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

export async function insertOtpSession(db: Db, session: NewOtpSession): Promise<void> {
  await db.insert(otpSessions).values(session);
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
