import { COMPANY_TYPES, type CompanyType } from '@domain/registration';
import { eq } from 'drizzle-orm';
import { companies, users } from '../db/schema';
import { AppError } from '../http/app-error';
import { ownerOf } from '../properties/request-owner';
import { defineHandlers } from './types';

const isCompanyType = (value: string): value is CompanyType =>
  (COMPANY_TYPES as readonly string[]).includes(value);

/** Who is signed in, as registered: what the sidebar's user card shows (issue 20, honest chrome). */
export const meHandlers = defineHandlers(({ db }) => ({
  async getMe(request) {
    const userId = ownerOf(request);
    const [row] = await db
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        position: users.position,
        companyName: companies.name,
        companyType: companies.companyType,
      })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) throw new AppError(404, 'not_found');
    const company =
      row.companyName !== null && row.companyType !== null && isCompanyType(row.companyType)
        ? { name: row.companyName, companyType: row.companyType }
        : null;
    return {
      success: true,
      data: { userId, firstName: row.firstName, lastName: row.lastName, position: row.position, company },
    };
  },
}));
