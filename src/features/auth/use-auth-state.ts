import type { AuthMachine } from '@machines/auth/auth.machine';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { type AuthState, isSameAuthState, selectAuthState } from './auth-session-state';

/**
 * Re-renders only when status, user or logout reason change — not on every token refresh, so a
 * refresh every few minutes does not re-render the whole tree.
 */
export function useAuthState(actor: ActorRefFrom<AuthMachine>): AuthState {
  return useSelector(actor, selectAuthState, isSameAuthState);
}
