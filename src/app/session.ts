import type { QueryClient } from '@tanstack/react-query';
import { api, connectApi, unwrap } from '@/api';
import { type AuthSession, createAuthSession } from '@/features/auth/auth-session';
import { clearStoredPropertyDraft } from '@/features/property-wizard/draft-storage-key';
import { i18n } from '@/i18n/i18n';
import { inspectActors } from '@/inspection/actor-inspection';

/**
 * The composition root of the signed-in session: the auth machine gets its real HTTP calls here,
 * and the API client gets the session, so neither knows the other's module.
 */
export function createAppSession(queryClient: QueryClient): AuthSession {
  const session = createAuthSession({
    actorOptions: { inspect: inspectActors },
    refresh: (refreshToken, signal) =>
      unwrap(api.POST('/login/auth/refresh-token', { body: { refreshToken }, signal })),
    revoke: async ({ refreshToken }) => {
      if (refreshToken) await api.POST('/login/auth/logout', { body: { refreshToken } });
    },
    // Spec 4: logout clears the wizard form and the list, and removes the stored property draft.
    clearAppData: () => {
      queryClient.clear();
      clearStoredPropertyDraft();
    },
  });

  connectApi({
    session: {
      accessToken: () => session.getAccessToken(),
      tokenRejected: (rejectedToken) => session.handleUnauthorized(rejectedToken),
      retryRejected: () => session.handleRetryRejected(),
    },
    getLanguage: () => i18n.resolvedLanguage ?? i18n.language,
  });
  return session;
}
