import type { Clock, SettableClock } from './clock';
import type { AppConfig } from './config';
import type { Database, Db } from './db/database';
import type { SmsProvider } from './sms/sms-provider';

/** What buildApp opens or is given before any service is built; every service is made from it. */
export interface AppResources {
  config: AppConfig;
  db: Db;
  database: Database;
  clock: Clock;
  /** The same clock's forward control when SETTABLE_CLOCK=on (development only); null otherwise. */
  settableClock: SettableClock | null;
  sms: SmsProvider;
}
