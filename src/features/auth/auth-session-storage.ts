/**
 * Where the session lives between visits: both of the spec's readings (page-contract/stored-session.ts)
 * are written and cleared together; reading prefers `auth-storage`.
 */
import type { AuthTokens } from '@machines/auth/auth.machine';
import { decodeJwtPayload } from '@machines/auth/jwt-expiry';
import { isWellFormedToken } from '@machines/auth/token-format';

import {
  AUTH_STORAGE_KEY,
  JWT_TOKEN_KEY,
  type PersistedAuthRecord,
  REFRESH_TOKEN_KEY,
  storedSessionEntries,
} from '@page-contract/stored-session';

export { AUTH_STORAGE_KEY, JWT_TOKEN_KEY, REFRESH_TOKEN_KEY } from '@page-contract/stored-session';

/** Every key a stored session is written under. */
const SESSION_KEYS: readonly string[] = [AUTH_STORAGE_KEY, JWT_TOKEN_KEY, REFRESH_TOKEN_KEY];

/** The part of the Web Storage API the session needs; tests pass `createMemoryStorage()`. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  readonly entries: Map<string, string>;
} {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, String(value));
    },
    removeItem: (key) => {
      entries.delete(key);
    },
  };
}

/**
 * `localStorage` when the environment has a usable one; otherwise memory (the session then lasts
 * for the page's life). Touching `localStorage` itself throws in some privacy modes and sandboxes.
 */
export function defaultAuthStorage(): KeyValueStorage {
  try {
    const storage = globalThis.localStorage;
    if (storage) {
      const probe = '__auth_probe__';
      storage.setItem(probe, probe);
      storage.removeItem(probe);
      return storage;
    }
  } catch {
    // Fall through to memory.
  }
  return createMemoryStorage();
}

/** Starts calling `onChange` on changes to the stored session; returns the way to stop. */
export type OtherTabsWatch = (onChange: () => void) => () => void;

/**
 * Changes another tab of this browser makes to the stored session: the `storage` event fires in every
 * tab but the one that wrote. Nothing to watch where there is no window.
 */
export const watchOtherTabs: OtherTabsWatch = (onChange) => {
  if (typeof window === 'undefined') return () => {};
  const listener = (event: StorageEvent) => {
    // The key is null when the other tab cleared the whole of local storage.
    if (event.key === null || SESSION_KEYS.includes(event.key)) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
};

/**
 * Whether the stored session still is the one this tab holds, after another tab changed it: it is not
 * when that tab signed out (or its refresh was refused), or signed another user in. A renewal of the
 * same user's session is not an ending; this tab takes the renewed tokens when it next refreshes.
 */
export function endedInAnotherTab(stored: AuthTokens | null, current: AuthTokens | null): boolean {
  return current !== null && (stored === null || stored.userId !== current.userId);
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function userIdOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return nonEmptyString(value);
}

/** Tokens from an untrusted value, or null unless the access token is well-formed and a user is known. */
export function parseAuthTokens(value: unknown): AuthTokens | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as Record<string, unknown>;
  const userId = userIdOf(candidate.userId);
  if (!isWellFormedToken(candidate.jwtToken) || userId === null) return null;
  return { jwtToken: candidate.jwtToken, refreshToken: nonEmptyString(candidate.refreshToken), userId };
}

function readRecord(raw: string | null): AuthTokens | null {
  if (raw === null) return null;
  try {
    const record = JSON.parse(raw) as Partial<PersistedAuthRecord> | null;
    if (record?.state?.isAuthenticated === false) return null;
    return parseAuthTokens(record?.state?.tokens);
  } catch {
    return null;
  }
}

/** The loose keys carry no user id, so it comes from the token's own claims. */
function readLooseKeys(storage: KeyValueStorage): AuthTokens | null {
  const jwtToken = storage.getItem(JWT_TOKEN_KEY);
  if (!isWellFormedToken(jwtToken)) return null;
  const claims = decodeJwtPayload(jwtToken);
  const userId = userIdOf(claims?.sub) ?? userIdOf(claims?.userId);
  if (userId === null) return null;
  return { jwtToken, refreshToken: nonEmptyString(storage.getItem(REFRESH_TOKEN_KEY)), userId };
}

export interface TokenStorage {
  /** The stored session, or null when there is none or it is malformed. */
  read(): AuthTokens | null;
  /** True when any auth key is present (to tell "nothing stored" from "stored but unusable"). */
  hasAny(): boolean;
  write(tokens: AuthTokens): void;
  clear(): void;
}

/**
 * Write failures (quota, privacy mode) are swallowed: the session goes on in memory, and losing
 * persistence only means logging in again on the next visit.
 */
export function createTokenStorage(storage: KeyValueStorage): TokenStorage {
  const attempt = (write: () => void) => {
    try {
      write();
    } catch {
      // See above: persistence is best effort.
    }
  };
  return {
    read: () => {
      try {
        return readRecord(storage.getItem(AUTH_STORAGE_KEY)) ?? readLooseKeys(storage);
      } catch {
        return null;
      }
    },
    hasAny: () => {
      try {
        return SESSION_KEYS.some((key) => storage.getItem(key) !== null);
      } catch {
        return false;
      }
    },
    write: (tokens) => {
      const entries = storedSessionEntries(tokens);
      for (const key of SESSION_KEYS) {
        const value = entries[key];
        attempt(() => (value === undefined ? storage.removeItem(key) : storage.setItem(key, value)));
      }
    },
    clear: () => {
      for (const key of SESSION_KEYS) attempt(() => storage.removeItem(key));
    },
  };
}
