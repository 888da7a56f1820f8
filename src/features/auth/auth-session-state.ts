/** The app-facing view of the auth machine: what routes, headers and the layout need to know. */
import type { AuthMachine, LogoutReason } from '@machines/auth/auth.machine';
import type { SnapshotFrom } from 'xstate';

export type AuthStatus = 'checking' | 'loggedIn' | 'loggedOut';

export interface AuthState {
  status: AuthStatus;
  isAuthenticated: boolean;
  userId: string | null;
  /** Set when a session ended (explicit logout or a failed refresh): the cue to go to /login. */
  lastLogoutReason: LogoutReason | null;
}

export function selectAuthState(snapshot: SnapshotFrom<AuthMachine>): AuthState {
  const status: AuthStatus = snapshot.matches('loggedIn')
    ? 'loggedIn'
    : snapshot.matches('checking')
      ? 'checking'
      : 'loggedOut';
  return {
    status,
    isAuthenticated: status === 'loggedIn',
    userId: status === 'loggedIn' ? (snapshot.context.tokens?.userId ?? null) : null,
    lastLogoutReason: snapshot.context.lastLogoutReason,
  };
}

export function isSameAuthState(a: AuthState, b: AuthState): boolean {
  return (
    a.status === b.status &&
    a.isAuthenticated === b.isAuthenticated &&
    a.userId === b.userId &&
    a.lastLogoutReason === b.lastLogoutReason
  );
}
