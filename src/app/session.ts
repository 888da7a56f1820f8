import type { QueryClient } from '@tanstack/react-query';
import { api, connectApi, unwrap } from '@/api';
import { type AuthSession, createAuthSession } from '@/features/auth/auth-session';
import { clearStoredPropertyDraft } from '@/features/property-wizard/draft-storage-key';
import { i18n } from '@/i18n/i18n';
import { holdActorEvents, inspectActors } from '@/inspection/actor-inspection';
import { type Inspection, startInspectionIfAllowed, wantsInspection } from '@/inspection/inspection-switch';

/**
 * The composition root of the signed-in session: the auth machine gets its real HTTP calls here,
 * and the API client gets the session, so neither knows the other's module.
 */
export function createAppSession(
  queryClient: QueryClient,
  options: { machineAtStart?: boolean } = {},
): AuthSession {
  const session = createAuthSession({
    actorOptions: { inspect: inspectActors },
    // An inspector watches the auth machine from its first event; without one it starts on first need.
    machineAtStart: options.machineAtStart ?? false,
    refresh: (refreshToken, signal) =>
      unwrap(api.POST('/login/auth/refresh-token', { body: { refreshToken }, signal })),
    // Kept alive past the page: a broker who signs out and closes the tab at once must still end the
    // session on the server, or its refresh token and page cookie outlive the sign-out.
    revoke: async ({ refreshToken }) => {
      if (refreshToken) await api.POST('/login/auth/logout', { body: { refreshToken }, keepalive: true });
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

/** How a production page asks for the inspector: the server's answer, and the inspector's chunk. */
export interface InspectionRequest {
  /** GET /api/inspection as the signed-in user (asked through the API client, after the session starts). */
  allowed: () => Promise<boolean>;
  load: () => Promise<{ startInspection: (search: string) => Promise<Inspection> }>;
}

/**
 * The session of a production page, and the inspection the page asked for (`?inspect`) when the server
 * allows it. The session must run before the question (the API client takes its token from it), so its
 * inspection events are held from its start until the answer: the inspector that attaches receives
 * them first and sees the session from its first event, as in development, where it attaches first.
 */
export async function createInspectedAppSession(
  queryClient: QueryClient,
  search: string,
  request: InspectionRequest,
): Promise<{ session: AuthSession; inspection: Inspection | null }> {
  const release = wantsInspection(search) ? holdActorEvents() : () => {};
  try {
    const session = createAppSession(queryClient, { machineAtStart: wantsInspection(search) });
    const inspection = await startInspectionIfAllowed(search, request.allowed, request.load);
    return { session, inspection };
  } finally {
    release();
  }
}
