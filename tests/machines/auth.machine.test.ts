import {
  type AuthTokens,
  authMachine,
  REFRESH_CHECK_INTERVAL_MS,
  type RefreshedTokens,
  type RefreshTokensInput,
} from '@machines/auth/auth.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { FIXED_NOW, FRESH, jwtExpiringIn, MINUTE, tokens, WITHOUT_REFRESH } from './fixtures/auth-tokens';
import { type Deferred, deferred, settle } from './fixtures/deferred';
import { REFRESHED_ACCESS_ONLY, REFRESHED_SHORT_LIVED } from './walks/auth.walks';

/** A started auth actor whose clock, storage load and refresh calls the test controls. */
function startAuth(options: { stored: AuthTokens | null; refresh?: () => Promise<RefreshedTokens> }) {
  const clock = new SimulatedClock();
  const refreshCalls: RefreshTokensInput[] = [];
  const effects: Array<{ type: string; tokens?: AuthTokens | null }> = [];
  const pendingRefreshes: Deferred<RefreshedTokens>[] = [];
  const machine = authMachine.provide({
    actors: {
      loadTokens: fromPromise(async () => options.stored),
      refreshTokens: fromPromise<RefreshedTokens, RefreshTokensInput>(({ input }) => {
        refreshCalls.push(input);
        // Capped so a refresh loop (a bug) fails the test instead of starving the event loop.
        if (options.refresh && refreshCalls.length <= 3) return options.refresh();
        const next = deferred<RefreshedTokens>();
        pendingRefreshes.push(next);
        return next.promise;
      }),
    },
    actions: {
      persistTokens: (_, params) => effects.push({ type: 'persistTokens', tokens: params.tokens }),
      clearStoredTokens: () => effects.push({ type: 'clearStoredTokens' }),
      revokeSession: (_, params) => effects.push({ type: 'revokeSession', tokens: params.tokens }),
      clearAppData: () => effects.push({ type: 'clearAppData' }),
    },
  });
  const actor = createActor(machine, { clock, input: { now: () => FIXED_NOW + clock.now() } });
  actor.start();
  return { actor, clock, refreshCalls, effects, pendingRefreshes };
}

describe('authMachine token refresh', () => {
  it('shares one refresh between concurrent rejected requests', async () => {
    const auth = startAuth({ stored: FRESH });
    await settle();
    auth.actor.send({ type: 'TOKEN_REJECTED' });
    auth.actor.send({ type: 'TOKEN_REJECTED' });
    auth.actor.send({ type: 'TOKEN_REJECTED' });
    expect(auth.actor.getSnapshot().value).toEqual({ loggedIn: 'refreshing' });
    expect(auth.refreshCalls).toEqual([{ refreshToken: 'refresh-1', userId: 'user-1' }]);

    auth.pendingRefreshes[0]?.resolve(REFRESHED_ACCESS_ONLY);
    await settle();
    const refreshed = { ...FRESH, jwtToken: REFRESHED_ACCESS_ONLY.jwtToken };
    expect(auth.actor.getSnapshot().value).toEqual({ loggedIn: 'idle' });
    expect(auth.actor.getSnapshot().context.tokens).toEqual(refreshed);
    expect(auth.effects).toEqual([{ type: 'persistTokens', tokens: refreshed }]);
    expect(auth.refreshCalls).toHaveLength(1);

    // A later 401 is a new wave and gets its own refresh.
    auth.actor.send({ type: 'TOKEN_REJECTED' });
    expect(auth.refreshCalls).toHaveLength(2);
  });

  it('takes the new refresh token when the refresh response carries one', async () => {
    const auth = startAuth({ stored: FRESH, refresh: async () => REFRESHED_SHORT_LIVED });
    await settle();
    auth.actor.send({ type: 'TOKEN_REJECTED' });
    await settle();
    expect(auth.actor.getSnapshot().context.tokens).toEqual({
      jwtToken: REFRESHED_SHORT_LIVED.jwtToken,
      refreshToken: 'refresh-2',
      userId: 'user-1',
    });
    // The new token expires within 5 minutes, yet it is not refreshed again until the next check.
    expect(auth.actor.getSnapshot().value).toEqual({ loggedIn: 'idle' });
    expect(auth.refreshCalls).toHaveLength(1);
  });

  it('logs out without refreshing when there is no refresh token', async () => {
    const auth = startAuth({ stored: WITHOUT_REFRESH });
    await settle();
    auth.actor.send({ type: 'TOKEN_REJECTED' });
    const snapshot = auth.actor.getSnapshot();
    expect(snapshot.value).toBe('loggedOut');
    expect(snapshot.context).toMatchObject({ tokens: null, lastLogoutReason: 'noRefreshToken' });
    expect(auth.refreshCalls).toEqual([]);
    expect(auth.effects).toEqual([{ type: 'clearStoredTokens' }]);
  });

  it('logs out and clears storage when the refresh fails', async () => {
    const auth = startAuth({ stored: FRESH });
    await settle();
    auth.actor.send({ type: 'TOKEN_REJECTED' });
    auth.actor.send({ type: 'TOKEN_REJECTED' });
    auth.pendingRefreshes[0]?.reject(new Error('refresh token revoked'));
    await settle();
    const snapshot = auth.actor.getSnapshot();
    expect(snapshot.value).toBe('loggedOut');
    expect(snapshot.context).toMatchObject({ tokens: null, lastLogoutReason: 'refreshFailed' });
    expect(auth.effects).toEqual([{ type: 'clearStoredTokens' }]);
    expect(auth.refreshCalls).toHaveLength(1);
  });

  it('logs out when the retried request is still rejected', async () => {
    const auth = startAuth({ stored: FRESH, refresh: async () => REFRESHED_ACCESS_ONLY });
    await settle();
    auth.actor.send({ type: 'TOKEN_REJECTED' });
    await settle();
    auth.actor.send({ type: 'RETRY_REJECTED' });
    expect(auth.actor.getSnapshot().value).toBe('loggedOut');
    expect(auth.actor.getSnapshot().context.lastLogoutReason).toBe('retryRejected');
    expect(auth.effects.at(-1)).toEqual({ type: 'clearStoredTokens' });
  });

  it('ignores a refresh that completes after the user logged out', async () => {
    const auth = startAuth({ stored: FRESH });
    await settle();
    auth.actor.send({ type: 'TOKEN_REJECTED' });
    auth.actor.send({ type: 'LOGOUT' });
    auth.pendingRefreshes[0]?.resolve(REFRESHED_ACCESS_ONLY);
    await settle();
    expect(auth.actor.getSnapshot().value).toBe('loggedOut');
    expect(auth.effects.map((effect) => effect.type)).not.toContain('persistTokens');
  });
});

describe('authMachine proactive refresh', () => {
  it('refreshes at the 10-minute check once the token is within 5 minutes of expiry', async () => {
    const auth = startAuth({ stored: tokens({ jwtToken: jwtExpiringIn(12) }) });
    await settle();
    expect(auth.actor.getSnapshot().value).toEqual({ loggedIn: 'idle' });

    auth.clock.increment(REFRESH_CHECK_INTERVAL_MS - 1);
    expect(auth.refreshCalls).toEqual([]);
    auth.clock.increment(1);
    expect(auth.actor.getSnapshot().value).toEqual({ loggedIn: 'refreshing' });
    expect(auth.refreshCalls).toEqual([{ refreshToken: 'refresh-1', userId: 'user-1' }]);
  });

  it('does not refresh at the checks while expiry is far away', async () => {
    const auth = startAuth({ stored: tokens({ jwtToken: jwtExpiringIn(60) }) });
    await settle();
    for (let check = 1; check <= 5; check++) auth.clock.increment(REFRESH_CHECK_INTERVAL_MS);
    // At 50 minutes the token has 10 left: still outside the 5-minute window.
    expect(auth.actor.getSnapshot().value).toEqual({ loggedIn: 'idle' });
    expect(auth.refreshCalls).toEqual([]);
    auth.clock.increment(REFRESH_CHECK_INTERVAL_MS);
    expect(auth.refreshCalls).toHaveLength(1);
  });

  it('refreshes at once a restored token that has already expired', async () => {
    const auth = startAuth({ stored: tokens({ jwtToken: jwtExpiringIn(-30) }) });
    await settle();
    expect(auth.actor.getSnapshot().value).toEqual({ loggedIn: 'refreshing' });
    expect(auth.refreshCalls).toHaveLength(1);
  });

  it('refreshes right after a login whose token expires within 5 minutes', async () => {
    const auth = startAuth({ stored: null });
    await settle();
    auth.actor.send({ type: 'LOGIN', tokens: tokens({ jwtToken: jwtExpiringIn(5) }) });
    expect(auth.actor.getSnapshot().value).toEqual({ loggedIn: 'refreshing' });
  });

  it('leaves an expiring token without refresh token alone until a request is rejected', async () => {
    const auth = startAuth({ stored: tokens({ jwtToken: jwtExpiringIn(2), refreshToken: null }) });
    await settle();
    auth.clock.increment(REFRESH_CHECK_INTERVAL_MS);
    expect(auth.actor.getSnapshot().value).toEqual({ loggedIn: 'idle' });
    expect(auth.refreshCalls).toEqual([]);
  });

  it('checks again 10 minutes after a refresh, not earlier', async () => {
    const auth = startAuth({ stored: tokens({ jwtToken: jwtExpiringIn(12) }) });
    await settle();
    auth.clock.increment(REFRESH_CHECK_INTERVAL_MS);
    // The server hands out a token that again expires 12 minutes after this refresh.
    auth.pendingRefreshes[0]?.resolve({ jwtToken: jwtExpiringIn(22) });
    await settle();
    auth.clock.increment(REFRESH_CHECK_INTERVAL_MS - MINUTE);
    expect(auth.refreshCalls).toHaveLength(1);
    auth.clock.increment(MINUTE);
    expect(auth.refreshCalls).toHaveLength(2);
  });
});

describe('authMachine login and logout', () => {
  it('starts logged out without stored tokens and logs in with persisted tokens', async () => {
    const auth = startAuth({ stored: null });
    expect(auth.actor.getSnapshot().value).toBe('checking');
    await settle();
    expect(auth.actor.getSnapshot().value).toBe('loggedOut');
    expect(auth.actor.getSnapshot().context.lastLogoutReason).toBeNull();
    auth.actor.send({ type: 'LOGIN', tokens: FRESH });
    expect(auth.actor.getSnapshot().value).toEqual({ loggedIn: 'idle' });
    expect(auth.effects).toEqual([{ type: 'persistTokens', tokens: FRESH }]);
  });

  it('revokes, clears storage and app data on logout, then forgets the reason at the next login', async () => {
    const auth = startAuth({ stored: FRESH });
    await settle();
    auth.actor.send({ type: 'LOGOUT' });
    expect(auth.actor.getSnapshot().value).toBe('loggedOut');
    expect(auth.actor.getSnapshot().context).toMatchObject({ tokens: null, lastLogoutReason: 'logout' });
    expect(auth.effects).toEqual([
      { type: 'revokeSession', tokens: FRESH },
      { type: 'clearStoredTokens' },
      { type: 'clearAppData' },
    ]);
    auth.actor.send({ type: 'LOGIN', tokens: FRESH });
    expect(auth.actor.getSnapshot().context.lastLogoutReason).toBeNull();
  });
});
