import type { FastifyReply, FastifyRequest } from 'fastify';
import { authRouteOptions } from '../auth/auth-services';
import { leadSecretOf } from '../auth/lead-secret-header';
import { clearPageSessionCookie, setPageSessionCookie } from '../auth/page-session-cookie';
import type { PageSessionSubject } from '../auth/page-session-token';
import { AppError } from '../http/app-error';
import { defineHandlers, type HandlerContext } from './types';

/**
 * Signing in and out, finishing registration, and the three refresh routes of spec 7. Each answer that
 * hands out tokens also sets the page-session cookie (server/auth/page-session-cookie.ts), and sign-out
 * or a refused refresh clears it, so the pages the server renders follow the tokens the app holds.
 */
export const authHandlers = defineHandlers((context) => {
  const { login, tokens, registration } = context.auth;
  const withCookie = pageSessionCookieOf(context);
  const refreshed = (request: FastifyRequest, reply: FastifyReply, refreshToken: string) =>
    withCookie.refresh(request, reply, () => tokens.refresh(refreshToken));
  const options = authRouteOptions(context.config);
  return {
    login: {
      options,
      async handler(request, reply) {
        const { pageSession, ...data } = await login(request.body);
        await withCookie.set(request, reply, pageSession);
        return { success: true, data };
      },
    },

    logout: {
      options,
      async handler(request, reply) {
        await tokens.signOut(request.body.refreshToken);
        clearPageSessionCookie(reply, request);
        return { success: true, data: { loggedOut: true } };
      },
    },

    registerLead: {
      options,
      async handler(request, reply) {
        const { pageSession, ...data } = await registration.registerLead(
          request.body.leadId,
          leadSecretOf(request),
        );
        await withCookie.set(request, reply, pageSession);
        return { success: true, data };
      },
    },

    // The first two readings of spec 7 name the access token `jwtToken`; the third, `accessToken`.
    refreshToken: {
      options,
      async handler(request, reply) {
        const { accessToken, refreshToken } = await refreshed(request, reply, request.body.refreshToken);
        return { success: true, data: { jwtToken: accessToken, refreshToken } };
      },
    },
    refreshLoginToken: {
      options,
      async handler(request, reply) {
        const { accessToken, refreshToken } = await refreshed(request, reply, request.body.refreshToken);
        return { success: true, data: { jwtToken: accessToken, refreshToken } };
      },
    },

    refreshAccessToken: {
      options,
      async handler(request, reply) {
        const { accessToken, refreshToken } = await refreshed(request, reply, request.body.refreshToken);
        return { success: true, data: { accessToken, refreshToken } };
      },
    },
  };
});

function pageSessionCookieOf(context: HandlerContext) {
  const keys = () => ({ secret: context.config.jwtSecret, now: context.clock.now() });
  const set = (request: FastifyRequest, reply: FastifyReply, subject: PageSessionSubject) =>
    setPageSessionCookie(reply, request, subject, keys());
  return {
    set,
    /** A refresh renews the cookie; one the server refuses (the sign-in has ended) clears it. */
    async refresh<T extends { pageSession: PageSessionSubject }>(
      request: FastifyRequest,
      reply: FastifyReply,
      rotate: () => Promise<T>,
    ): Promise<T> {
      try {
        const result = await rotate();
        await set(request, reply, result.pageSession);
        return result;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) clearPageSessionCookie(reply, request);
        throw error;
      }
    },
  };
}
