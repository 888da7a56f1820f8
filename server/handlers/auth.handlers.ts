import { authRouteOptions } from '../auth/auth-services';
import { leadSecretOf } from '../auth/lead-secret-header';
import { defineHandlers } from './types';

/** Signing in and out, finishing registration, and the three refresh routes of spec 7. */
export const authHandlers = defineHandlers((context) => {
  const { login, tokens, registration } = context.auth;
  const refreshAsJwtToken = async (refreshToken: string) => {
    const refreshed = await tokens.refresh(refreshToken);
    return {
      success: true as const,
      data: { jwtToken: refreshed.accessToken, refreshToken: refreshed.refreshToken },
    };
  };
  const options = authRouteOptions(context.config);
  return {
    login: {
      options,
      async handler(request) {
        return { success: true, data: await login(request.body) };
      },
    },

    logout: {
      options,
      async handler(request) {
        await tokens.signOut(request.body.refreshToken);
        return { success: true, data: { loggedOut: true } };
      },
    },

    registerLead: {
      options,
      async handler(request) {
        return {
          success: true,
          data: await registration.registerLead(request.body.leadId, leadSecretOf(request)),
        };
      },
    },

    // The first two readings of spec 7 name the access token `jwtToken`; the third, `accessToken`.
    refreshToken: { options, handler: (request) => refreshAsJwtToken(request.body.refreshToken) },
    refreshLoginToken: { options, handler: (request) => refreshAsJwtToken(request.body.refreshToken) },

    refreshAccessToken: {
      options,
      async handler(request) {
        return { success: true, data: await tokens.refresh(request.body.refreshToken) };
      },
    },
  };
});
