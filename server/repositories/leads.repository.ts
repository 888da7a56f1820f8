import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type Lead, leads } from '../db/schema';

export type LeadFields = Pick<
  Lead,
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phoneNumber'
  | 'acceptedTerms'
  | 'companyName'
  | 'position'
  | 'companyType'
  | 'registrationStep'
  | 'otpVerifiedAt'
>;

export async function insertLead(
  db: Db,
  lead: LeadFields & { createdAt: Date; secretHash: string },
): Promise<Lead> {
  const [row] = await db
    .insert(leads)
    .values({ ...lead, updatedAt: lead.createdAt })
    .returning();
  if (!row) throw new Error('lead insert returned nothing');
  return row;
}

export async function findLead(db: Db, id: string): Promise<Lead | null> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return row ?? null;
}

/** The lead, locked until the transaction ends: registering it twice at once is decided here. */
export async function findLeadForUpdate(tx: Db, id: string): Promise<Lead | null> {
  const [row] = await tx.select().from(leads).where(eq(leads.id, id)).limit(1).for('update');
  return row ?? null;
}

/** Null when the lead is gone or was registered meanwhile: a registered lead is never changed. */
export async function updateUnregisteredLead(
  db: Db,
  id: string,
  fields: LeadFields & { updatedAt: Date },
): Promise<Lead | null> {
  return updateWhileUnregistered(db, id, fields);
}

/** Only while the lead still has the phone the code went to and is not registered. */
export async function markLeadPhoneVerified(
  db: Db,
  id: string,
  { phoneNumber, now, registrationStep }: { phoneNumber: string; now: Date; registrationStep: number },
): Promise<Lead | null> {
  return updateWhileUnregistered(
    db,
    id,
    { otpVerifiedAt: now, registrationStep, updatedAt: now },
    eq(leads.phoneNumber, phoneNumber),
  );
}

/** Changes the lead (when `also` holds) unless it is gone or registered: null then. */
async function updateWhileUnregistered(
  db: Db,
  id: string,
  changes: Partial<Lead>,
  also?: SQL,
): Promise<Lead | null> {
  const [row] = await db
    .update(leads)
    .set(changes)
    .where(and(eq(leads.id, id), isNull(leads.registeredUserId), also))
    .returning();
  return row ?? null;
}

export async function markLeadRegistered(
  db: Db,
  id: string,
  { userId, now, registrationStep }: { userId: string; now: Date; registrationStep: number },
): Promise<void> {
  await db
    .update(leads)
    .set({ registeredUserId: userId, registrationStep, updatedAt: now })
    .where(eq(leads.id, id));
}
