/**
 * The running auth session: `authMachine` provided with real storage and the HTTP calls the API
 * layer injects. Independent of the router and of React (the hook lives in use-auth-state.ts and is
 * re-exported here).
 *
 * The API layer's 401 handling is meant to be:
 *   const token = await session.handleUnauthorized(tokenTheRequestUsed);
 *   if (!token) → give up (the session has ended; the app navigates to /login);
 *   else retry once with `token`; if that is 401 too → session.handleRetryRejected().
 */
import {
  type AuthMachine,
  type AuthTokens,
  authMachine,
  REFRESH_WINDOW_MS,
  type RefreshedTokens,
  type RefreshTokensInput,
} from '@machines/auth/auth.machine';
import { isExpiringWithin } from '@machines/auth/jwt-expiry';
import { isWellFormedToken } from '@machines/auth/token-format';
import { type Actor, type ActorOptions, createActor, fromPromise, waitFor } from 'xstate';
import { type AuthState, isSameAuthState, selectAuthState } from './auth-session-state';
import {
  createTokenStorage,
  defaultAuthStorage,
  type KeyValueStorage,
  type OtherTabsWatch,
  parseAuthTokens,
  watchOtherTabs,
} from './auth-session-storage';

export interface AuthSessionDeps {
  /**
   * The refresh call. Resolves with the new access token (and a new refresh token when the server
   * rotates it); rejects when the server refuses. `signal` aborts when the session ends meanwhile.
   */
  refresh: (refreshToken: string, signal: AbortSignal) => Promise<RefreshedTokens>;
  /** Server-side logout; fire-and-forget, its failures are ignored. */
  revoke?: (tokens: AuthTokens) => unknown;
  /** Clears what belongs to the signed-in user: wizard form, list cache, property draft. */
  clearAppData?: () => void;
  /** Epoch milliseconds; defaults to `Date.now`. */
  now?: () => number;
  /** Defaults to `localStorage` (or memory where there is none). */
  storage?: KeyValueStorage;
  /**
   * Reports another tab's changes to the stored session; defaults to the window's `storage` events
   * when `storage` is the default one, and to nothing when the caller passes its own storage.
   */
  otherTabs?: OtherTabsWatch;
  /** Passed to `createActor`: `inspect` for the Stately inspector, `clock` for tests. */
  actorOptions?: Pick<ActorOptions<AuthMachine>, 'inspect' | 'clock'>;
}

export type AuthActor = Actor<AuthMachine>;

export interface AuthSession {
  actor: AuthActor;
  /** Resolves once stored tokens have been read (status is no longer 'checking'). */
  ready(): Promise<AuthState>;
  getState(): AuthState;
  /** The access token for the Authorization header, or null when logged out. */
  getAccessToken(): string | null;
  /** Stores the tokens of a successful login. Throws on a malformed token (a server bug). */
  login(tokens: AuthTokens): void;
  logout(): void;
  /**
   * A request got 401. Resolves with the token to retry with, or null when the session has ended.
   * Concurrent calls share one refresh. Pass the token the request was sent with: if the session
   * has moved on since (another refresh finished), the current token is returned without refreshing.
   */
  handleUnauthorized(rejectedJwt?: string | null): Promise<string | null>;
  /** The retried request still got 401: the session ends. */
  handleRetryRejected(): void;
  /** Called on changes of status, user or logout reason (not on every token refresh). */
  subscribe(listener: (state: AuthState) => void): () => void;
  stop(): void;
}

/**
 * The session as another tab left it, when that tab renewed it after this one read it: stored for the
 * same user, with another refresh token. The server rotates refresh tokens, so the one this tab holds
 * is then spent, and presenting it later than the server's grace for races ends the sign-in in every
 * tab (a second tab opened from the first starts with the same tokens, and each checks them on its own
 * ten-minute timer). Another user's sign-in in another tab is not adopted: this tab's refresh then fails.
 */
function renewedByAnotherTab(
  stored: AuthTokens | null,
  current: RefreshTokensInput,
): (AuthTokens & { refreshToken: string }) | null {
  if (stored === null || stored.userId !== current.userId) return null;
  const { refreshToken } = stored;
  if (refreshToken === null || refreshToken === current.refreshToken) return null;
  return { ...stored, refreshToken };
}

/**
 * Whether the stored session still is the one this tab holds, after another tab changed it: it is not
 * when that tab signed out (or its refresh was refused), or signed another user in. A renewal of the
 * same user's session is not an ending; this tab takes the renewed tokens when it next refreshes.
 */
function endedInAnotherTab(stored: AuthTokens | null, current: AuthTokens | null): boolean {
  return current !== null && (stored === null || stored.userId !== current.userId);
}

export function createAuthSession(deps: AuthSessionDeps): AuthSession {
  const now = deps.now ?? Date.now;
  const storage = createTokenStorage(deps.storage ?? defaultAuthStorage());

  const machine = authMachine.provide({
    actors: {
      loadTokens: fromPromise<AuthTokens | null>(async () => {
        const tokens = storage.read();
        // A dead token with nothing to renew it is no session; leftovers would only confuse later reads.
        const unusable =
          tokens !== null && tokens.refreshToken === null && isExpiringWithin(tokens.jwtToken, now(), 0);
        if ((tokens === null || unusable) && storage.hasAny()) storage.clear();
        return unusable ? null : tokens;
      }),
      refreshTokens: fromPromise<RefreshedTokens, RefreshTokensInput>(async ({ input, signal }) => {
        // Another tab may have renewed this session since this one read it (see renewedByAnotherTab).
        const renewed = renewedByAnotherTab(storage.read(), input);
        if (renewed && !isExpiringWithin(renewed.jwtToken, now(), REFRESH_WINDOW_MS)) {
          return { jwtToken: renewed.jwtToken, refreshToken: renewed.refreshToken };
        }
        const presented = renewed?.refreshToken ?? input.refreshToken;
        const refreshed = await deps.refresh(presented, signal);
        if (!isWellFormedToken(refreshed?.jwtToken))
          throw new Error('refresh returned a malformed access token');
        const rotated = typeof refreshed.refreshToken === 'string' && refreshed.refreshToken !== '';
        // Without a rotated one, the token just presented stays in use (the other tab's, if it was theirs).
        return { jwtToken: refreshed.jwtToken, refreshToken: rotated ? refreshed.refreshToken : presented };
      }),
    },
    actions: {
      persistTokens: (_, { tokens }) => {
        storage.write(tokens);
      },
      clearStoredTokens: () => {
        storage.clear();
      },
      revokeSession: (_, { tokens }) => {
        if (!tokens || !deps.revoke) return;
        const revoke = deps.revoke;
        // Never let the server logout delay or break the local one.
        void Promise.resolve()
          .then(() => revoke(tokens))
          .catch(() => {});
      },
      clearAppData: () => deps.clearAppData?.(),
    },
  });

  const actor = createActor(machine, { ...deps.actorOptions, input: { now } });
  actor.start();

  // A broker who signs out in one tab is signed out in all of them, at once rather than at the next 401.
  const watch = deps.otherTabs ?? (deps.storage ? undefined : watchOtherTabs);
  const stopWatching = watch?.(() => {
    const snapshot = actor.getSnapshot();
    if (snapshot.matches('loggedIn') && endedInAnotherTab(storage.read(), snapshot.context.tokens)) {
      actor.send({ type: 'ENDED_ELSEWHERE' });
    }
  });

  const getState = () => selectAuthState(actor.getSnapshot());
  const settled = (predicate: (state: AuthState) => boolean) =>
    waitFor(actor, (snapshot) => predicate(selectAuthState(snapshot))).then(getState);

  return {
    actor,
    ready: () => settled((state) => state.status !== 'checking'),
    getState,
    getAccessToken: () => {
      const snapshot = actor.getSnapshot();
      return snapshot.matches('loggedIn') ? (snapshot.context.tokens?.jwtToken ?? null) : null;
    },
    login: (tokens) => {
      const valid = parseAuthTokens(tokens);
      if (!valid) throw new Error('login returned malformed tokens');
      actor.send({ type: 'LOGIN', tokens: valid });
    },
    logout: () => actor.send({ type: 'LOGOUT' }),
    handleUnauthorized: async (rejectedJwt) => {
      await waitFor(actor, (snapshot) => !snapshot.matches('checking'));
      const before = actor.getSnapshot();
      if (!before.matches('loggedIn')) return null;
      const current = before.context.tokens?.jwtToken ?? null;
      if (before.matches({ loggedIn: 'idle' }) && rejectedJwt !== undefined && rejectedJwt !== current) {
        return current;
      }
      actor.send({ type: 'TOKEN_REJECTED' });
      const after = await waitFor(actor, (snapshot) => !snapshot.matches({ loggedIn: 'refreshing' }));
      return after.matches('loggedIn') ? (after.context.tokens?.jwtToken ?? null) : null;
    },
    handleRetryRejected: () => actor.send({ type: 'RETRY_REJECTED' }),
    subscribe: (listener) => {
      let last = getState();
      const subscription = actor.subscribe((snapshot) => {
        const next = selectAuthState(snapshot);
        if (isSameAuthState(last, next)) return;
        last = next;
        listener(next);
      });
      return () => subscription.unsubscribe();
    },
    stop: () => {
      stopWatching?.();
      actor.stop();
    },
  };
}

export type { AuthTokens, LogoutReason, RefreshedTokens } from '@machines/auth/auth.machine';
export { type AuthState, type AuthStatus, selectAuthState } from './auth-session-state';
export {
  AUTH_STORAGE_KEY,
  createMemoryStorage,
  JWT_TOKEN_KEY,
  type KeyValueStorage,
  REFRESH_TOKEN_KEY,
} from './auth-session-storage';
export { useAuthState } from './use-auth-state';
