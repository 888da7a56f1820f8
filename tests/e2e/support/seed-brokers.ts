import { databaseOptionsFromConfig, openDatabase } from '../../../server/db/database';
import { users } from '../../../server/db/schema';
import { allBrokerPhones } from './brokers';

/** Writes the registered brokers into a data directory no server has open yet (PGlite is single-process). */
export async function seedBrokers(dataDir: string): Promise<void> {
  const database = await openDatabase(databaseOptionsFromConfig({ databaseUrl: null, dataDir }));
  try {
    await database.db.insert(users).values(
      allBrokerPhones().map((phoneNumber, index) => ({
        phoneNumber,
        firstName: 'דנה',
        lastName: 'כהן',
        email: `broker${index}@example.co.il`,
        position: 'מנהלת עסקאות',
      })),
    );
  } finally {
    await database.close();
  }
}
