/**
 * The auth machine at work: `authMachine` provided with real storage and the HTTP calls the API layer
 * injects. Loaded by the session (auth-session.ts) on first need, not with the page: a page opened
 * with a usable session has read it without the machine, and the machine starts from that reading.
 */
import {
  type AuthMachine,
  type AuthTokens,
  authMachine,
  type RefreshedTokens,
  type RefreshTokensInput,
} from '@machines/auth/auth.machine';
import { isExpiringWithin } from '@machines/auth/jwt-expiry';
import { REFRESH_WINDOW_MS } from '@machines/auth/session-timing';
import { isWellFormedToken } from '@machines/auth/token-format';
import { type Actor, type ActorOptions, createActor, fromPromise, waitFor } from 'xstate';
import { type AuthState, selectAuthState } from './auth-session-state';
import { endedInAnotherTab, type TokenStorage } from './auth-session-storage';

export type AuthActor = Actor<AuthMachine>;

export interface SessionMachineDeps {
  /** What the page read from storage when it started (the `checking` state's reading, already done). */
  startTokens: AuthTokens | null;
  storage: TokenStorage;
  now: () => number;
  refresh: (refreshToken: string, signal: AbortSignal) => Promise<RefreshedTokens>;
  revoke?: (tokens: AuthTokens) => unknown;
  clearAppData?: () => void;
  actorOptions?: Pick<ActorOptions<AuthMachine>, 'inspect' | 'clock'>;
}

export interface SessionMachine {
  actor: AuthActor;
  /** Resolves once the machine has taken the page's reading (it is no longer `checking`). */
  read(): Promise<void>;
  getState(): AuthState;
  getAccessToken(): string | null;
  /** See AuthSession.handleUnauthorized. */
  handleUnauthorized(rejectedJwt?: string | null): Promise<string | null>;
  /** Another tab changed the stored session: ends this tab's when that tab ended it or signed another in. */
  otherTabChanged(): void;
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

export function runSessionMachine(deps: SessionMachineDeps): SessionMachine {
  const { storage, now } = deps;
  const machine = authMachine.provide({
    actors: {
      loadTokens: fromPromise<AuthTokens | null>(async () => deps.startTokens),
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

  return {
    actor,
    read: async () => {
      await waitFor(actor, (snapshot) => !snapshot.matches('checking'));
    },
    getState: () => selectAuthState(actor.getSnapshot()),
    getAccessToken: () => {
      const snapshot = actor.getSnapshot();
      return snapshot.matches('loggedIn') ? (snapshot.context.tokens?.jwtToken ?? null) : null;
    },
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
    otherTabChanged: () => {
      const snapshot = actor.getSnapshot();
      if (snapshot.matches('loggedIn') && endedInAnotherTab(storage.read(), snapshot.context.tokens)) {
        actor.send({ type: 'ENDED_ELSEWHERE' });
      }
    },
  };
}
