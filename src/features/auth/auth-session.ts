/**
 * The auth session of the page: what the stored tokens say at start, and the auth machine
 * (auth-session-machine.ts) from its first need on. Independent of the router and of React.
 *
 * A page opened with a usable session needs no machine to draw it: the guards, the API headers and the
 * hydration only ask whether someone is signed in and with which token, which the stored tokens answer.
 * The machine, and XState with it, loads when the session has something to do: a sign-in or sign-out,
 * a request refused (401), the ten-minute check, another tab ending the session, or at once when the
 * stored token expires within five minutes. It starts from the page's own reading of storage (its
 * `checking` state takes that reading), so it walks the same states as if it had run from the start.
 *
 * The API layer's 401 handling is meant to be:
 *   const token = await session.handleUnauthorized(tokenTheRequestUsed);
 *   if (!token) → give up (the session has ended; the app navigates to /login);
 *   else retry once with `token`; if that is 401 too → session.handleRetryRejected().
 */
import type { AuthMachine, AuthTokens, RefreshedTokens } from '@machines/auth/auth.machine';
import { isExpiringWithin } from '@machines/auth/jwt-expiry';
import { REFRESH_CHECK_INTERVAL_MS, REFRESH_WINDOW_MS } from '@machines/auth/session-timing';
import type { ActorOptions } from 'xstate';
import { loadOnce } from '@/components/load-once';
import type { AuthActor, runSessionMachine, SessionMachine } from './auth-session-machine';
import { type AuthState, isSameAuthState } from './auth-session-state';
import {
  createTokenStorage,
  defaultAuthStorage,
  endedInAnotherTab,
  type KeyValueStorage,
  type OtherTabsWatch,
  parseAuthTokens,
  type TokenStorage,
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
  /**
   * Passed to `createActor`: `inspect` for the Stately inspector, `clock` for tests (the ten-minute
   * check before the machine runs keeps this clock too).
   */
  actorOptions?: Pick<ActorOptions<AuthMachine>, 'inspect' | 'clock'>;
  /** Runs the machine from the start, for an inspector that watches it from its first event. */
  machineAtStart?: boolean;
}

export interface AuthSession {
  /** Resolves once the stored session has been read and a sign-in or sign-out asked for has taken effect. */
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
  /** The machine's actor once it runs (it starts on first need); null before. */
  runningActor(): AuthActor | null;
  stop(): void;
}

/** The `checking` state's reading of storage: a dead token with nothing to renew it is no session. */
function readStartTokens(storage: TokenStorage, now: () => number): AuthTokens | null {
  const tokens = storage.read();
  const unusable =
    tokens !== null && tokens.refreshToken === null && isExpiringWithin(tokens.jwtToken, now(), 0);
  // Leftovers would only confuse later reads.
  if ((tokens === null || unusable) && storage.hasAny()) storage.clear();
  return unusable ? null : tokens;
}

function stateOf(tokens: AuthTokens | null): AuthState {
  return tokens === null
    ? { status: 'loggedOut', isAuthenticated: false, userId: null, lastLogoutReason: null }
    : { status: 'loggedIn', isAuthenticated: true, userId: tokens.userId, lastLogoutReason: null };
}

export function createAuthSession(deps: AuthSessionDeps): AuthSession {
  const now = deps.now ?? Date.now;
  const storage = createTokenStorage(deps.storage ?? defaultAuthStorage());
  const startTokens = readStartTokens(storage, now);
  const clock: NonNullable<ActorOptions<AuthMachine>['clock']> = deps.actorOptions?.clock ?? {
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  };

  let state = stateOf(startTokens);
  let running: SessionMachine | null = null;
  /** Whether anything has asked for the machine yet (it may still be downloading). */
  let asked = false;
  let stopped = false;
  /** What ready() waits for: the machine's start and the sign-in or sign-out sent to it. */
  let settling: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(state: AuthState) => void>();

  const publish = (next: AuthState) => {
    if (isSameAuthState(state, next)) return;
    state = next;
    for (const listener of listeners) listener(next);
  };

  let tenMinuteCheck: unknown = null;
  // The download is tried again after a failure; the machine, once downloaded, starts once.
  const downloadMachine = loadOnce(() => import('./auth-session-machine'));
  let starting: Promise<SessionMachine> | null = null;
  const start = async (run: typeof runSessionMachine): Promise<SessionMachine> => {
    if (tenMinuteCheck !== null) clock.clearTimeout(tenMinuteCheck);
    const started = run({ ...deps, now, storage, startTokens });
    await started.read();
    if (stopped) started.actor.stop();
    running = started;
    started.actor.subscribe(() => publish(started.getState()));
    publish(started.getState());
    return started;
  };
  const machine = async (): Promise<SessionMachine> => {
    asked = true;
    const { runSessionMachine: run } = await downloadMachine();
    starting ??= start(run);
    return starting;
  };
  const settle = (step: (started: SessionMachine) => void) => {
    const done = machine().then(step);
    settling = done.catch(() => {});
  };

  // The machine's own first decision (`checkingExpiry`): a token about to expire is renewed at once,
  // and a usable one is checked again in ten minutes, which is then the machine's to do.
  const renewNow =
    startTokens?.refreshToken != null && isExpiringWithin(startTokens.jwtToken, now(), REFRESH_WINDOW_MS);
  if (deps.machineAtStart || renewNow) {
    settle(() => {});
  } else if (startTokens !== null) {
    tenMinuteCheck = clock.setTimeout(() => void machine(), REFRESH_CHECK_INTERVAL_MS);
  }

  // A broker who signs out in one tab is signed out in all of them, at once rather than at the next 401.
  const watch = deps.otherTabs ?? (deps.storage ? undefined : watchOtherTabs);
  const stopWatching = watch?.(() => {
    if (running) {
      running.otherTabChanged();
    } else if (asked || (state.isAuthenticated && endedInAnotherTab(storage.read(), startTokens))) {
      settle((started) => started.otherTabChanged());
    }
  });

  return {
    ready: async () => {
      await settling;
      return running ? running.getState() : state;
    },
    getState: () => (running ? running.getState() : state),
    getAccessToken: () => (running ? running.getAccessToken() : (startTokens?.jwtToken ?? null)),
    login: (tokens) => {
      const valid = parseAuthTokens(tokens);
      if (!valid) throw new Error('login returned malformed tokens');
      settle((started) => started.actor.send({ type: 'LOGIN', tokens: valid }));
    },
    logout: () => settle((started) => started.actor.send({ type: 'LOGOUT' })),
    handleUnauthorized: async (rejectedJwt) => (await machine()).handleUnauthorized(rejectedJwt),
    handleRetryRejected: () => settle((started) => started.actor.send({ type: 'RETRY_REJECTED' })),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    runningActor: () => running?.actor ?? null,
    stop: () => {
      stopped = true;
      stopWatching?.();
      if (tenMinuteCheck !== null) clock.clearTimeout(tenMinuteCheck);
      running?.actor.stop();
    },
  };
}

export type { AuthTokens, LogoutReason, RefreshedTokens } from '@machines/auth/auth.machine';
export type { AuthActor } from './auth-session-machine';
export { type AuthState, type AuthStatus, selectAuthState } from './auth-session-state';
export {
  AUTH_STORAGE_KEY,
  createMemoryStorage,
  JWT_TOKEN_KEY,
  type KeyValueStorage,
  REFRESH_TOKEN_KEY,
} from './auth-session-storage';
