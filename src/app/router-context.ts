import type { AuthTokens } from '@machines/auth/auth.machine';
import type { QueryClient } from '@tanstack/react-query';

/** What route guards and the layout need to know about the session; src/app/session.ts supplies it. */
export interface AuthContext {
  /** Resolves once the stored session has been read; guards await it before deciding. */
  ready: () => Promise<unknown>;
  isAuthenticated: () => boolean;
  /** Starts the session with the tokens of a sign-in or a finished registration; guards re-run. */
  login: (tokens: AuthTokens) => void;
  /** Ends the session: revokes it on the server and clears every trace the spec lists. */
  logout: () => void;
}

export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthContext;
}
