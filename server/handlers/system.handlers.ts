import { AppError } from '../http/app-error';
import { defineHandlers } from './types';

export const systemHandlers = defineHandlers(({ database }) => ({
  async getHealth(request) {
    try {
      await database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'database does not answer');
      throw new AppError(503, 'service_unavailable');
    }
    return { success: true, data: { status: 'ok' } };
  },
}));
