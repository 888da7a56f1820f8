import type { Clock } from '../clock';
import type { SmsProviderName } from '../config';
import type { Db } from '../db/database';
import { createDevSmsProvider } from './dev-sms-provider';
import type { SmsProvider } from './sms-provider';

export function createSmsProvider(name: SmsProviderName, db: Db, clock: Clock): SmsProvider {
  switch (name) {
    case 'dev':
      return createDevSmsProvider(db, clock);
  }
}
