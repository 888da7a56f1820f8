import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { companies, type User, users } from '../db/schema';

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

/**
 * A user's name, phone and order details beside their company's name and type (null without a
 * company), in one read: the chrome's card (GET /me) and the share page's broker card take theirs.
 */
export async function findUserWithCompany(db: Db, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      phoneNumber: users.phoneNumber,
      position: users.position,
      licenceNumber: users.brokerLicenceNumber,
      idNumber: users.idNumber,
      businessAddress: users.businessAddress,
      companyName: companies.name,
      companyType: companies.companyType,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
