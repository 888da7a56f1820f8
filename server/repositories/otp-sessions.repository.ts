import { and, desc, eq, gt, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database';
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
  // One statement for both locks (issue 26: each statement holds PGlite's thread). The function scan
  // yields the keys in the array's order and a volatile call in the select list runs after the sort,
  // so the address is always locked before the phone.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(key, 0))
    from unnest(array[${`otp-send-ip:${ip}`}::text, ${`otp-send-phone:${phoneNumber}`}::text])
      with ordinality as keys(key, position)
    order by position`);
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

/**
 * When the newest sends to this phone and the newest sends requested from this address happened
 * (each since its own time, at most its own count), newest first: one statement for both.
 */
export async function recentSendTimes(
  db: Db,
  phone: { phoneNumber: string; since: Date; limit: number },
  address: { ip: string; since: Date; limit: number },
): Promise<{ phone: Date[]; ip: Date[] }> {
  const newest = (kind: 'phone' | 'ip', match: SQL | undefined, since: Date, limit: number) =>
    db
      .select({ kind: sql<string>`${kind}`.as('kind'), createdAt: otpSessions.createdAt })
      .from(otpSessions)
      .where(and(match, gt(otpSessions.createdAt, since)))
      .orderBy(desc(otpSessions.createdAt))
      .limit(limit);
  const rows = await newest(
    'phone',
    eq(otpSessions.phoneNumber, phone.phoneNumber),
    phone.since,
    phone.limit,
  ).unionAll(newest('ip', eq(otpSessions.ip, address.ip), address.since, address.limit));
  // UNION ALL promises no order across or within its branches' output: each list is sorted here.
  const times = (kind: string) =>
    rows
      .filter((row) => row.kind === kind)
      .map((row) => row.createdAt)
      .sort((a, b) => b.getTime() - a.getTime());
  return { phone: times('phone'), ip: times('ip') };
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

/**
 * Stores the code and counts one more code sent on its UTC day in one statement, answering the
 * day's total with this one (countTodaysSend's number): one round trip fewer per send (issue 26),
 * and the day's row, which every send updates, stays locked from here to the commit only, no longer
 * across the insert. Whoever finds the total over the limit rolls the transaction back, and the
 * code with it.
 */
export async function insertOtpSessionCountingDay(tx: Db, session: NewOtpSession): Promise<number> {
  const day = session.createdAt.toISOString().slice(0, 10);
  const [row] = await queryRows<{ sent: number }>(
    tx,
    sql`with stored as (
      insert into otp_sessions (id, phone_number, process, lead_id, code_hash, created_at, expires_at, ip)
      values (${session.id}::uuid, ${session.phoneNumber}, ${session.process}, ${session.leadId}::uuid,
        ${session.codeHash}, ${session.createdAt.toISOString()}::timestamptz,
        ${session.expiresAt.toISOString()}::timestamptz, ${session.ip})
      returning id
    )
    insert into sms_daily_sends (day, sent)
    select ${day}::date, 1 from stored
    on conflict (day) do update set sent = sms_daily_sends.sent + 1
    returning sent`,
  );
  return Number(row?.sent ?? 0);
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
