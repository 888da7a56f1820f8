import type { AuthContext } from './router-context';

/**
 * The seam between the router and the session. Until the auth feature's session is wired in here,
 * it reads the persisted session the spec names (`auth-storage`, shaped `{ state: { isAuthenticated } }`).
 */
const authStorageKey = 'auth-storage';
/** Every key the spec lists as holding credentials; logout must leave none behind. */
const credentialKeys = [authStorageKey, 'jwt_token', 'refresh_token'] as const;

function readPersistedAuthenticated(): boolean {
  try {
    const raw = localStorage.getItem(authStorageKey);
    if (!raw) return false;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return false;
    const state = (parsed as { state?: { isAuthenticated?: unknown } }).state;
    return state?.isAuthenticated === true;
  } catch {
    // A corrupt entry must not lock the user out of the login screen with an exception.
    return false;
  }
}

export function getAuthContext(): AuthContext {
  return { isAuthenticated: readPersistedAuthenticated };
}

/** Ends the session locally; callers navigate to /login afterwards. */
export async function onLogout(): Promise<void> {
  for (const key of credentialKeys) localStorage.removeItem(key);
}
