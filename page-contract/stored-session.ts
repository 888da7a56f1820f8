/**
 * How a session is kept in local storage (spec 3 "Auth session", 9 storage keys). The spec gives two
 * readings — a zustand-persist record under `auth-storage`, and loose `jwt_token` / `refresh_token`
 * keys — so both are written. Free of imports, so the tools that store a session without the app (the
 * benchmarks and the browser journeys) write exactly what the app writes.
 */
export const AUTH_STORAGE_KEY = 'auth-storage';
export const JWT_TOKEN_KEY = 'jwt_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

/** The tokens of a session, as the auth machine holds them (AuthTokens). */
export interface StoredTokens {
  jwtToken: string;
  /** Null when storage held only an access token: the session then ends at the first 401. */
  refreshToken: string | null;
  userId: string;
}

/** The persisted record, shaped like zustand's `persist` middleware writes it. */
export interface PersistedAuthRecord {
  state: { tokens: StoredTokens | null; isAuthenticated: boolean };
  version: 0;
}

/** The local-storage entries of a signed-in session; without a refresh token there is no such key. */
export function storedSessionEntries(tokens: StoredTokens): Record<string, string> {
  const record: PersistedAuthRecord = { state: { tokens, isAuthenticated: true }, version: 0 };
  return {
    [AUTH_STORAGE_KEY]: JSON.stringify(record),
    [JWT_TOKEN_KEY]: tokens.jwtToken,
    ...(tokens.refreshToken === null ? {} : { [REFRESH_TOKEN_KEY]: tokens.refreshToken }),
  };
}
