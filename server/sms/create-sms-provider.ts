import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { createDevSmsProvider } from './dev-sms-provider';
import { createHttpSmsProvider } from './http-sms-provider';
import type { SmsProvider } from './sms-provider';

export function createSmsProvider(
  config: Pick<AppConfig, 'smsProvider' | 'smsGateway'>,
  db: Db,
  clock: Clock,
): SmsProvider {
  switch (config.smsProvider) {
    case 'dev':
      return createDevSmsProvider(db, clock);
    case 'http':
      if (!config.smsGateway) throw new Error('SMS_PROVIDER=http without gateway settings');
      return createHttpSmsProvider(config.smsGateway);
  }
}
