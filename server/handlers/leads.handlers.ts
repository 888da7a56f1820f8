import { authRouteOptions } from '../auth/auth-services';
import { defineHandlers } from './types';

/** Registration leads (spec 7: /login/leads/save and /login/leads/{leadId}); no sign-in needed. */
export const leadsHandlers = defineHandlers((context) => {
  const { registration } = context.auth;
  const options = authRouteOptions(context.config);
  return {
    saveLead: {
      options,
      async handler(request) {
        return { success: true, data: await registration.saveLead(request.body) };
      },
    },
    getLead: {
      options,
      async handler(request) {
        return { success: true, data: await registration.getLead(request.params.leadId) };
      },
    },
  };
});
