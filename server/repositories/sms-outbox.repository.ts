import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { smsOutbox } from '../db/schema';

export interface SmsOutboxEntry {
  phoneNumber: string;
  message: string;
  code: string;
  sentAt: Date;
}

export async function insertSmsOutboxEntry(db: Db, entry: SmsOutboxEntry): Promise<void> {
  await db.insert(smsOutbox).values(entry);
}

/** Newest first; a dev tool, so a short page is plenty. */
export async function listSmsOutboxEntries(
  db: Db,
  phoneNumber: string,
  limit = 50,
): Promise<SmsOutboxEntry[]> {
  return db
    .select({
      phoneNumber: smsOutbox.phoneNumber,
      message: smsOutbox.message,
      code: smsOutbox.code,
      sentAt: smsOutbox.sentAt,
    })
    .from(smsOutbox)
    .where(eq(smsOutbox.phoneNumber, phoneNumber))
    .orderBy(desc(smsOutbox.sentAt), desc(smsOutbox.seq))
    .limit(limit);
}
