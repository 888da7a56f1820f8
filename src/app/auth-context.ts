import type { AuthSession } from '@/features/auth/auth-session';
import type { AuthContext } from './router-context';

/** The router's view of the session: guards wait until stored tokens have been read. */
export function createAuthContext(session: AuthSession): AuthContext {
  return {
    ready: () => session.ready(),
    isAuthenticated: () => session.getState().isAuthenticated,
    login: (tokens) => session.login(tokens),
    logout: () => session.logout(),
  };
}
