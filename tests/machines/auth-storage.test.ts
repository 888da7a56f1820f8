import { REFRESH_CHECK_INTERVAL_MS, type RefreshedTokens } from '@machines/auth/auth.machine';
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import {
  AUTH_STORAGE_KEY,
  type AuthSessionDeps,
  type AuthState,
  createAuthSession,
  createMemoryStorage,
  JWT_TOKEN_KEY,
  type KeyValueStorage,
  REFRESH_TOKEN_KEY,
} from '@/features/auth/auth-session';
import { createTokenStorage } from '@/features/auth/auth-session-storage';
import { FIXED_NOW, FRESH, jwtExpiringIn, makeJwt, tokens } from './fixtures/auth-tokens';
import { deferred } from './fixtures/deferred';

const record = (value: unknown) =>
  JSON.stringify({ state: { tokens: value, isAuthenticated: true }, version: 0 });

describe('token storage', () => {
  it('writes the zustand-persist record and the loose keys together', () => {
    const memory = createMemoryStorage();
    createTokenStorage(memory).write(FRESH);
    expect(JSON.parse(memory.getItem(AUTH_STORAGE_KEY) ?? 'null')).toEqual({
      state: { tokens: FRESH, isAuthenticated: true },
      version: 0,
    });
    expect(memory.getItem(JWT_TOKEN_KEY)).toBe(FRESH.jwtToken);
    expect(memory.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
  });

  it('drops a stale refresh_token key when the session has none, and clears every key', () => {
    const memory = createMemoryStorage({ [REFRESH_TOKEN_KEY]: 'old', i18nextLng: 'he' });
    const storage = createTokenStorage(memory);
    storage.write(tokens({ refreshToken: null }));
    expect(memory.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    storage.clear();
    expect([...memory.entries.keys()]).toEqual(['i18nextLng']);
  });

  it('reads back what it wrote', () => {
    const storage = createTokenStorage(createMemoryStorage());
    storage.write(FRESH);
    expect(storage.read()).toEqual(FRESH);
  });

  it('falls back to the loose keys, taking the user from the token subject', () => {
    const jwt = makeJwt({ sub: 'user-7', exp: FIXED_NOW / 1000 + 3600 });
    const memory = createMemoryStorage({ [JWT_TOKEN_KEY]: jwt, [REFRESH_TOKEN_KEY]: 'r-7' });
    expect(createTokenStorage(memory).read()).toEqual({
      jwtToken: jwt,
      refreshToken: 'r-7',
      userId: 'user-7',
    });
    memory.setItem(AUTH_STORAGE_KEY, '{not json');
    expect(createTokenStorage(memory).read()?.userId).toBe('user-7');
  });

  it.each([
    ['a two-segment token', record({ ...FRESH, jwtToken: 'header.payload' })],
    ['a token with characters outside base64url', record({ ...FRESH, jwtToken: 'a+b.c/d.e=f' })],
    ['a record without user', record({ ...FRESH, userId: '' })],
    ['a record marked unauthenticated', JSON.stringify({ state: { tokens: FRESH, isAuthenticated: false } })],
    ['a record without tokens', record(null)],
  ])('refuses %s', (_, raw) => {
    expect(createTokenStorage(createMemoryStorage({ [AUTH_STORAGE_KEY]: raw })).read()).toBeNull();
  });

  it('keeps working when the browser refuses to store', () => {
    const failing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    const storage = createTokenStorage(failing);
    expect(() => storage.write(FRESH)).not.toThrow();
    expect(() => storage.clear()).not.toThrow();
  });
});

function startSession(initial: Record<string, string>, overrides: Partial<AuthSessionDeps> = {}) {
  const memory = createMemoryStorage(initial);
  const refresh = vi.fn<AuthSessionDeps['refresh']>();
  const revoke = vi.fn<NonNullable<AuthSessionDeps['revoke']>>();
  const clearAppData = vi.fn();
  const session = createAuthSession({
    refresh,
    revoke,
    clearAppData,
    now: () => FIXED_NOW,
    storage: memory,
    ...overrides,
  });
  return { session, memory, refresh, revoke, clearAppData };
}

const storedFresh = { [AUTH_STORAGE_KEY]: record(FRESH), [JWT_TOKEN_KEY]: FRESH.jwtToken };
const NEW_JWT = jwtExpiringIn(60, 'renewed');

describe('createAuthSession', () => {
  it('restores a stored session', async () => {
    const { session } = startSession(storedFresh);
    // Read at start, without the machine: it starts on the session's first need.
    expect(session.getState().status).toBe('loggedIn');
    expect(session.runningActor()).toBeNull();
    expect(await session.ready()).toEqual({
      status: 'loggedIn',
      isAuthenticated: true,
      userId: 'user-1',
      lastLogoutReason: null,
    });
    expect(session.getAccessToken()).toBe(FRESH.jwtToken);
  });

  it('starts logged out and clears storage that holds a malformed session', async () => {
    const { session, memory } = startSession({ [JWT_TOKEN_KEY]: 'not-a-token', [REFRESH_TOKEN_KEY]: 'r' });
    expect((await session.ready()).status).toBe('loggedOut');
    expect(memory.entries.size).toBe(0);
    expect(session.getAccessToken()).toBeNull();
  });

  it('treats an expired token without refresh token as no session', async () => {
    const expired = tokens({ jwtToken: jwtExpiringIn(-1), refreshToken: null });
    const { session, memory } = startSession({ [AUTH_STORAGE_KEY]: record(expired) });
    expect((await session.ready()).status).toBe('loggedOut');
    expect(memory.entries.size).toBe(0);
  });

  it('persists a login in both readings and refuses malformed login tokens', async () => {
    const { session, memory } = startSession({});
    await session.ready();
    expect(() => session.login(tokens({ jwtToken: 'abc' }))).toThrow(/malformed/);
    expect(session.getState().status).toBe('loggedOut');
    session.login(FRESH);
    await session.ready();
    expect(session.getState()).toMatchObject({ status: 'loggedIn', userId: 'user-1' });
    expect(memory.getItem(JWT_TOKEN_KEY)).toBe(FRESH.jwtToken);
    expect(JSON.parse(memory.getItem(AUTH_STORAGE_KEY) ?? 'null').state.tokens).toEqual(FRESH);
  });

  it('logs out locally even when the server logout fails', async () => {
    const { session, memory, revoke, clearAppData } = startSession(storedFresh);
    revoke.mockRejectedValue(new Error('offline'));
    await session.ready();
    session.logout();
    await session.ready();
    expect(session.getState()).toMatchObject({ status: 'loggedOut', lastLogoutReason: 'logout' });
    expect(memory.entries.size).toBe(0);
    expect(clearAppData).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revoke).toHaveBeenCalledWith(FRESH);
  });

  it('shares one refresh among concurrent 401s and retries them all with the new token', async () => {
    const { session, memory, refresh } = startSession(storedFresh);
    const pending = deferred<RefreshedTokens>();
    refresh.mockReturnValue(pending.promise);
    await session.ready();
    const retries = [
      session.handleUnauthorized(FRESH.jwtToken),
      session.handleUnauthorized(FRESH.jwtToken),
      session.handleUnauthorized(FRESH.jwtToken),
    ];
    await new Promise((resolve) => setTimeout(resolve, 0));
    pending.resolve({ jwtToken: NEW_JWT });
    expect(await Promise.all(retries)).toEqual([NEW_JWT, NEW_JWT, NEW_JWT]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh.mock.calls[0]?.[0]).toBe('refresh-1');
    expect(memory.getItem(JWT_TOKEN_KEY)).toBe(NEW_JWT);
    expect(memory.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-1');
  });

  it('does not refresh again for a 401 on a token that was already replaced', async () => {
    const { session, refresh } = startSession(storedFresh);
    refresh.mockResolvedValue({ jwtToken: NEW_JWT, refreshToken: 'refresh-2' });
    await session.ready();
    expect(await session.handleUnauthorized(FRESH.jwtToken)).toBe(NEW_JWT);
    expect(await session.handleUnauthorized(FRESH.jwtToken)).toBe(NEW_JWT);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the server refuses', () => Promise.reject(new Error('401'))],
    ['the server answers a malformed token', () => Promise.resolve({ jwtToken: 'garbage' })],
  ])('ends the session when %s', async (_, answer) => {
    const { session, memory, refresh } = startSession(storedFresh);
    refresh.mockImplementation(answer);
    await session.ready();
    const results = await Promise.all([session.handleUnauthorized(), session.handleUnauthorized()]);
    expect(results).toEqual([null, null]);
    expect(session.getState()).toMatchObject({ status: 'loggedOut', lastLogoutReason: 'refreshFailed' });
    expect(memory.entries.size).toBe(0);
  });

  it('ends the session when the retried request is rejected again', async () => {
    const { session, memory } = startSession(storedFresh);
    await session.ready();
    session.handleRetryRejected();
    await session.ready();
    expect(session.getState()).toMatchObject({ status: 'loggedOut', lastLogoutReason: 'retryRejected' });
    expect(memory.entries.size).toBe(0);
    expect(await session.handleUnauthorized()).toBeNull();
  });

  it('notifies status changes but not token refreshes', async () => {
    const { session, refresh } = startSession(storedFresh);
    refresh.mockResolvedValue({ jwtToken: NEW_JWT });
    const seen: AuthState['status'][] = [];
    session.subscribe((state) => seen.push(state.status));
    await session.ready();
    await session.handleUnauthorized();
    session.logout();
    await session.ready();
    // Signed in from the start (read without the machine): the refresh is no change, the sign-out is.
    expect(seen).toEqual(['loggedOut']);
  });

  it('refreshes proactively at the 10-minute check and persists the result', async () => {
    const clock = new SimulatedClock();
    const { session, memory, refresh } = startSession(
      { [AUTH_STORAGE_KEY]: record(tokens({ jwtToken: jwtExpiringIn(14) })) },
      { now: () => FIXED_NOW + clock.now(), actorOptions: { clock } },
    );
    refresh.mockResolvedValue({ jwtToken: NEW_JWT });
    await session.ready();
    clock.increment(REFRESH_CHECK_INTERVAL_MS - 1);
    expect(session.runningActor()).toBeNull();
    clock.increment(1);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(session.getAccessToken()).toBe(NEW_JWT);
    expect(memory.getItem(JWT_TOKEN_KEY)).toBe(NEW_JWT);
  });
  it('renews a stored token about to expire at once, before anything is asked of the session', async () => {
    const { session, memory, refresh } = startSession({
      [AUTH_STORAGE_KEY]: record(tokens({ jwtToken: jwtExpiringIn(2) })),
    });
    refresh.mockResolvedValue({ jwtToken: NEW_JWT });
    expect((await session.ready()).status).toBe('loggedIn');
    await vi.waitFor(() => expect(memory.getItem(JWT_TOKEN_KEY)).toBe(NEW_JWT));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(session.getAccessToken()).toBe(NEW_JWT);
  });
});

describe('a session open in two tabs', () => {
  /** Two tabs of one browser: two sessions over one local storage, both started from the same tokens. */
  function twoTabs() {
    const memory = createMemoryStorage(storedFresh);
    const open = () => {
      const refresh = vi.fn<AuthSessionDeps['refresh']>();
      const session = createAuthSession({ refresh, now: () => FIXED_NOW, storage: memory });
      return { session, refresh };
    };
    return { memory, first: open(), second: open() };
  }

  /** The other tab renewed the session, and the access token it stored expires in two minutes. */
  const storeExpiringRenewal = (memory: KeyValueStorage) =>
    createTokenStorage(memory).write(
      tokens({ jwtToken: jwtExpiringIn(2, 'other-tab'), refreshToken: 'refresh-2' }),
    );

  it('renews once: the second tab takes the tokens the first stored instead of presenting its spent one', async () => {
    const { memory, first, second } = twoTabs();
    await Promise.all([first.session.ready(), second.session.ready()]);
    first.refresh.mockResolvedValue({ jwtToken: NEW_JWT, refreshToken: 'refresh-2' });

    expect(await first.session.handleUnauthorized(FRESH.jwtToken)).toBe(NEW_JWT);
    expect(await second.session.handleUnauthorized(FRESH.jwtToken)).toBe(NEW_JWT);

    // 'refresh-1' was rotated by the first tab; presenting it again would end the sign-in.
    expect(second.refresh).not.toHaveBeenCalled();
    expect(second.session.getState().status).toBe('loggedIn');
    expect(memory.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-2');
  });

  it("renews with the other tab's refresh token when the access token it stored is about to expire", async () => {
    const { memory, second } = twoTabs();
    await second.session.ready();
    storeExpiringRenewal(memory);
    second.refresh.mockResolvedValue({ jwtToken: NEW_JWT, refreshToken: 'refresh-3' });

    expect(await second.session.handleUnauthorized(FRESH.jwtToken)).toBe(NEW_JWT);
    expect(second.refresh).toHaveBeenCalledWith('refresh-2', expect.any(AbortSignal));
    expect(memory.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-3');
  });

  it("keeps the other tab's refresh token when the server renews without rotating it", async () => {
    const { memory, second } = twoTabs();
    await second.session.ready();
    storeExpiringRenewal(memory);
    second.refresh.mockResolvedValue({ jwtToken: NEW_JWT });

    await second.session.handleUnauthorized(FRESH.jwtToken);
    expect(memory.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-2');
  });

  it("does not take over another user's sign-in in the other tab", async () => {
    const { memory, second } = twoTabs();
    await second.session.ready();
    createTokenStorage(memory).write(
      tokens({ jwtToken: NEW_JWT, refreshToken: 'refresh-9', userId: 'user-2' }),
    );
    second.refresh.mockRejectedValue(new Error('401'));

    expect(await second.session.handleUnauthorized(FRESH.jwtToken)).toBeNull();
    expect(second.refresh).toHaveBeenCalledWith('refresh-1', expect.any(AbortSignal));
    expect(second.session.getState()).toMatchObject({
      status: 'loggedOut',
      lastLogoutReason: 'refreshFailed',
    });
  });
});

describe('a sign-out in another tab', () => {
  /** This tab's session, and another tab of the browser that writes the same storage and says so. */
  async function withAnotherTab() {
    const listeners = new Set<() => void>();
    const started = startSession(storedFresh, {
      otherTabs: (onChange) => {
        listeners.add(onChange);
        return () => listeners.delete(onChange);
      },
    });
    await started.session.ready();
    const inStorage = createTokenStorage(started.memory);
    // One storage event per key, as a browser sends them while the other tab writes key by key.
    const otherTab = (change: (storage: typeof inStorage) => void) => {
      change(inStorage);
      for (let key = 0; key < 3; key++) for (const listener of listeners) listener();
    };
    return { ...started, otherTab, listeners };
  }

  it('signs this tab out too, revoking the tokens it held but leaving storage to the other tab', async () => {
    const { session, revoke, clearAppData, otherTab } = await withAnotherTab();

    otherTab((storage) => storage.clear());
    await session.ready();

    expect(session.getState()).toMatchObject({ status: 'loggedOut', lastLogoutReason: 'endedElsewhere' });
    expect(session.getAccessToken()).toBeNull();
    expect(clearAppData).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revoke).toHaveBeenCalledWith(FRESH);
  });

  it("leaves this tab when another user signs in there, and keeps that user's stored session", async () => {
    const { session, memory, otherTab } = await withAnotherTab();
    const otherUser = tokens({ jwtToken: NEW_JWT, refreshToken: 'refresh-9', userId: 'user-2' });

    otherTab((storage) => storage.write(otherUser));
    await session.ready();

    expect(session.getState()).toMatchObject({ status: 'loggedOut', lastLogoutReason: 'endedElsewhere' });
    expect(createTokenStorage(memory).read()).toEqual(otherUser);
  });

  it('stays signed in when the other tab renews the same session', async () => {
    const { session, revoke, otherTab } = await withAnotherTab();

    otherTab((storage) => storage.write(tokens({ jwtToken: NEW_JWT, refreshToken: 'refresh-2' })));
    await session.ready();

    expect(session.getState()).toMatchObject({ status: 'loggedIn', userId: 'user-1' });
    expect(revoke).not.toHaveBeenCalled();
  });

  it('stops listening when the session stops', async () => {
    const { session, listeners } = await withAnotherTab();
    session.stop();
    expect(listeners.size).toBe(0);
  });
});
