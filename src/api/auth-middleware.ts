import type { Middleware } from 'openapi-fetch';
import type { SessionPort } from './session-port';

/** The refresh calls carry no bearer header (spec 7) and must never trigger a refresh themselves. */
const REFRESH_PATHS = new Set(['/auth/refresh-token', '/login/auth/refresh-token', '/auth/refresh']);
/** Sign-in calls answer 401 for reasons that a token refresh cannot fix. */
const NO_RETRY_PATHS = new Set([...REFRESH_PATHS, '/login/auth/login', '/login/auth/logout']);

/**
 * Adds the bearer header and, on a 401, waits for the shared refresh and re-issues the request once.
 * openapi-fetch middleware cannot re-enter the pipeline, so the retry goes through `options.fetch`
 * with a copy of the request taken before its body was consumed.
 */
export function createAuthMiddleware(getSession: () => SessionPort): Middleware {
  const pending = new Map<string, { copy: Request; token: string | null }>();

  return {
    onRequest({ request, schemaPath, id }) {
      if (REFRESH_PATHS.has(schemaPath)) return request;
      const token = getSession().accessToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      if (!NO_RETRY_PATHS.has(schemaPath)) pending.set(id, { copy: request.clone(), token });
      return request;
    },

    async onResponse({ response, id, options }) {
      const original = pending.get(id);
      pending.delete(id);
      if (response.status !== 401 || !original) return response;

      const session = getSession();
      const token = await session.tokenRejected(original.token);
      if (!token) return response;

      const retry = new Request(original.copy);
      retry.headers.set('Authorization', `Bearer ${token}`);
      const retried = await options.fetch(retry);
      if (retried.status === 401) session.retryRejected();
      return retried;
    },

    onError({ id }) {
      pending.delete(id);
    },
  };
}
