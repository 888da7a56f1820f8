import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type User, users } from '../db/schema';

export type NewUser = Pick<
  User,
  'phoneNumber' | 'firstName' | 'lastName' | 'email' | 'position' | 'companyId' | 'createdAt' | 'updatedAt'
>;

export async function findUserIdByPhone(db: Db, phoneNumber: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneNumber, phoneNumber))
    .limit(1);
  return row?.id ?? null;
}

/** The new user's id, or null when the phone already belongs to someone (the unique index decides). */
export async function insertUserUnlessPhoneTaken(db: Db, user: NewUser): Promise<string | null> {
  const [row] = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: users.phoneNumber })
    .returning({ id: users.id });
  return row?.id ?? null;
}
