import { AppError } from '../http/app-error';
import { listSmsOutboxEntries } from '../repositories/sms-outbox.repository';
import { defineHandlers } from './types';

/**
 * Dev-only tools. In production they answer 404 before anything else (even before validating the
 * query), as if the route did not exist; the handler checks again in case the hook is ever lost.
 */
export const devHandlers = defineHandlers(({ config, db }) => {
  const hideInProduction = async () => {
    if (config.isProduction) throw new AppError(404, 'not_found');
  };
  return {
    listSmsOutbox: {
      options: { onRequest: hideInProduction },
      async handler(request) {
        await hideInProduction();
        const entries = await listSmsOutboxEntries(db, request.query.phone);
        return {
          success: true,
          data: entries.map((entry) => ({ ...entry, sentAt: entry.sentAt.toISOString() })),
        };
      },
    },
  };
});
