import type { Db } from '../db/database';
import { type Company, companies } from '../db/schema';

export async function insertCompany(
  db: Db,
  company: Pick<Company, 'name' | 'companyType' | 'createdAt'>,
): Promise<string> {
  const [row] = await db.insert(companies).values(company).returning({ id: companies.id });
  if (!row) throw new Error('company insert returned nothing');
  return row.id;
}
