import { AppError } from '../http/app-error';
import { defineHandlers } from './types';

export const systemHandlers = defineHandlers(({ config, database }) => ({
  async getHealth(request) {
    try {
      await database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'database does not answer');
      throw new AppError(503, 'service_unavailable');
    }
    return { success: true, data: { status: 'ok' } };
  },

  /** The run-time switch of the machine inspector; the route is signed-in only (bearerAuth). */
  async getInspection() {
    if (!config.machineInspection) throw new AppError(404, 'not_found');
    return { success: true, data: { enabled: true } };
  },
}));
