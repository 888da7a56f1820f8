import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { insertSmsOutboxEntry } from '../repositories/sms-outbox.repository';
import type { SmsProvider } from './sms-provider';

/** Delivers to the dev outbox (GET /api/dev/sms-outbox) instead of a phone. */
export function createDevSmsProvider(db: Db, clock: Clock): SmsProvider {
  return {
    name: 'dev',
    async send({ phoneNumber, message, code }) {
      await insertSmsOutboxEntry(db, { phoneNumber, message, code, sentAt: clock.now() });
    },
  };
}
