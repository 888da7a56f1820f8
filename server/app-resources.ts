import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { Database, Db } from './db/database';
import type { SmsProvider } from './sms/sms-provider';

/** What buildApp opens or is given before any service is built; every service is made from it. */
export interface AppResources {
  config: AppConfig;
  db: Db;
  database: Database;
  clock: Clock;
  sms: SmsProvider;
}
