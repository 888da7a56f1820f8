import { authRouteOptions } from '../auth/auth-services';
import { leadSecretOf } from '../auth/lead-secret-header';
import { defineHandlers } from './types';

/** Registration leads (spec 7: /login/leads/save and /login/leads/{leadId}); no sign-in needed. */
export const leadsHandlers = defineHandlers((context) => {
  const { registration } = context.auth;
  const options = authRouteOptions(context.config);
  return {
    saveLead: {
      options,
      async handler(request) {
        return {
          success: true,
          data: await registration.saveLead(request.body, leadSecretOf(request)),
        };
      },
    },
    getLead: {
      options,
      async handler(request) {
        return {
          success: true,
          data: await registration.getLead(request.params.leadId, leadSecretOf(request)),
        };
      },
    },
  };
});
