import { type BrokerProfile, normalizeBrokerProfile, validateBrokerProfile } from '@domain/broker-profile';
import { COMPANY_TYPES, type CompanyType } from '@domain/registration';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import { AppError } from '../http/app-error';
import { ownerOf } from '../properties/request-owner';
import { findUserWithCompany } from '../repositories/users.repository';
import { defineHandlers } from './types';

const isCompanyType = (value: string): value is CompanyType =>
  (COMPANY_TYPES as readonly string[]).includes(value);

/** The user as `GET /me` answers it: the chrome's name and company, and the broker's order details. */
async function readMe(db: Db, userId: string) {
  const row = await findUserWithCompany(db, userId);
  if (!row) throw new AppError(404, 'not_found');
  const company =
    row.companyName !== null && row.companyType !== null && isCompanyType(row.companyType)
      ? { name: row.companyName, companyType: row.companyType }
      : null;
  const brokerProfile: BrokerProfile = {
    licenceNumber: row.licenceNumber,
    idNumber: row.idNumber,
    businessAddress: row.businessAddress,
  };
  return {
    userId,
    firstName: row.firstName,
    lastName: row.lastName,
    position: row.position,
    company,
    brokerProfile,
  };
}

/** Who is signed in, as registered: what the sidebar's user card shows (issue 20, honest chrome). */
export const meHandlers = defineHandlers(({ db, clock }) => ({
  async getMe(request) {
    return { success: true, data: await readMe(db, ownerOf(request)) };
  },

  /** Issue 23: the profile details a brokerage order needs, checked by the domain's one rule. */
  async updateMe(request) {
    const userId = ownerOf(request);
    const current = await readMe(db, userId);
    const body = request.body;
    const profile = normalizeBrokerProfile({
      licenceNumber:
        body.licenceNumber === undefined ? current.brokerProfile.licenceNumber : body.licenceNumber,
      idNumber: body.idNumber === undefined ? current.brokerProfile.idNumber : body.idNumber,
      businessAddress:
        body.businessAddress === undefined ? current.brokerProfile.businessAddress : body.businessAddress,
    });
    const details = Object.entries(validateBrokerProfile(profile)).map(([field, error]) => ({
      path: `body/${field}`,
      message: `profile.errors.${error}`,
    }));
    if (details.length > 0) throw new AppError(400, 'validation_failed', { details });
    await db
      .update(users)
      .set({
        brokerLicenceNumber: profile.licenceNumber,
        idNumber: profile.idNumber,
        businessAddress: profile.businessAddress,
        updatedAt: clock.now(),
      })
      .where(eq(users.id, userId));
    return { success: true, data: await readMe(db, userId) };
  },
}));
