/**
 * The auth session walked along the auth machine's generated paths, as the user meets it: it has no
 * screen of its own, so what is asserted is the signed-in shell or the way to /login, and that a
 * token refresh (at start, on the 10-minute check, after a 401) goes unnoticed.
 */
import { type AuthContext, authMachine } from '@machines/auth/auth.machine';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { createAppSession } from '@/app/session';
import type { AuthSession } from '@/features/auth/auth-session';
import {
  AUTH_STORAGE_KEY,
  createTokenStorage,
  defaultAuthStorage,
} from '@/features/auth/auth-session-storage';
import { i18n } from '@/i18n/i18n';
import { mountApp } from '../app/render-app';
import {
  codeBoxes,
  createUser,
  latestCode,
  nationalOf,
  serverForFile,
  uniquePhone,
} from '../features/auth/auth-harness';
import { EXPIRING, FIXED_NOW, FRESH, jwtExpiringIn } from '../machines/fixtures/auth-tokens';
import { planMachineWalk } from '../machines/harness/walk-machine';
import { signInWithCode } from '../server/helpers/auth-flow';
import { jsonResponse } from './support/request-gate';
import {
  coveringPaths,
  describeUiWalks,
  type Executors,
  notOnScreen,
  passedThrough,
  type StateAssertions,
  type UiWalk,
  type UiWalkFlow,
} from './support/ui-walk';

const tAuth = i18n.getFixedT('he', 'auth');
const tLayout = i18n.getFixedT('he', 'layout');

const server = serverForFile();

type Machine = typeof authMachine;
type Router = Awaited<ReturnType<typeof mountApp>>['router'];
interface AuthWorld {
  user: UserEvent;
  router: Router;
  session: AuthSession;
  phone: string;
}
type InvokeId = 'loadTokens' | 'refreshTokens';

/** Past the access token's 15 minutes on the server: its next request is answered 401. */
const ACCESS_TOKEN_LAPSED_MS = 16 * 60_000;
/** The client's clock this far ahead makes a fresh 15-minute token one that expires within 5 minutes. */
const CLIENT_AHEAD_MS = 11 * 60_000;
const REFRESH = 'POST /api/login/auth/refresh-token';
const LIST = 'GET /api/property/list';
const storedTokens = () => createTokenStorage(defaultAuthStorage()).read();

async function open(path: string, phone: string): Promise<AuthWorld> {
  const queryClient = createQueryClient();
  const session = createAppSession(queryClient);
  await session.ready();
  const { router } = await mountApp({ path, queryClient, session });
  return { user: userEvent.setup({ delay: null }), router, session, phone };
}

let searches = 0;
const executors = {
  // Signing in is the whole code flow: the phone, the code sent, the verify screen, the code.
  LOGIN: async ({ world, clock }) => {
    const { user } = world;
    await user.type(
      await screen.findByRole('textbox', { name: tAuth('login.phoneLabel') }),
      nationalOf(world.phone),
    );
    server.clock.advance(31_000);
    await user.click(screen.getByRole('button', { name: tAuth('login.submit') }));
    await screen.findByText(tAuth('authCommon.otpCodeSent'));
    await clock.advance(2000);
    await waitFor(() => expect(codeBoxes()[0]).toBeEnabled());
    await user.click(codeBoxes()[0] as HTMLInputElement);
    await user.paste(await latestCode(server, world.phone));
  },
  LOGOUT: ({ world }) => world.user.click(screen.getByRole('button', { name: tLayout('logout') })),
  // The broker signs out in another tab: the server revokes the session, that tab clears local storage,
  // and this tab hears of it by a storage event (which a tab never receives for its own writes).
  ENDED_ELSEWHERE: async () => {
    const refreshToken = storedTokens()?.refreshToken;
    await server.app.inject({ method: 'POST', url: '/api/login/auth/logout', payload: { refreshToken } });
    createTokenStorage(defaultAuthStorage()).clear();
    window.dispatchEvent(
      new StorageEvent('storage', { key: AUTH_STORAGE_KEY, newValue: null, storageArea: localStorage }),
    );
  },
  // The server stops accepting the access token; the user then searches the list, which asks the server.
  TOKEN_REJECTED: async ({ world }) => {
    server.clock.advance(ACCESS_TOKEN_LAPSED_MS);
    searches += 1;
    await world.router.navigate({ to: '/properties', search: { q: `חיפוש ${searches}` } });
  },
  // The request retried with the refreshed token (held since the refresh) is refused again. The real
  // server accepts a freshly refreshed token, so this 401 is forged for that one request.
  RETRY_REJECTED: ({ gate }) =>
    gate.release('retry', () =>
      jsonResponse(401, { success: false, Message: 'Unauthorized', code: 'unauthorized' }),
    ),
  'xstate.after.refreshCheck': ({ clock }) => clock.advance(10 * 60_000),
  'xstate.done.actor.loadTokens': () => {
    // Read from localStorage before the first screen: nothing to do.
  },
  'xstate.error.actor.loadTokens': () => {
    throw new Error('not walked: a storage that refuses reads');
  },
  'xstate.done.actor.refreshTokens': async ({ gate, path, index }) => {
    if (path.steps[index + 1]?.event.type === 'RETRY_REJECTED') gate.hold('retry', LIST);
    await gate.release('refreshTokens');
  },
  // Refused by the real server: the refresh token was revoked (a sign-out on another device).
  'xstate.error.actor.refreshTokens': async ({ gate }) => {
    const refreshToken = storedTokens()?.refreshToken;
    await server.app.inject({ method: 'POST', url: '/api/login/auth/logout', payload: { refreshToken } });
    await gate.release('refreshTokens');
  },
} satisfies Executors<Machine, InvokeId, AuthWorld>;

function expectSignedInShell(world: AuthWorld) {
  expect(world.router.state.location.pathname).toBe('/properties');
  expect(screen.getByRole('heading', { level: 1, name: 'הנכסים שלי' })).toBeVisible();
  expect(screen.getByRole('button', { name: tLayout('logout') })).toBeVisible();
}

const assertions: StateAssertions<Machine, AuthWorld> = {
  'auth.checking': passedThrough('stored tokens are read before the first screen'),
  'auth.loggedOut': ({ world }) => {
    expect(world.router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { level: 1, name: tAuth('login.title') })).toBeVisible();
    expect(storedTokens()).toBeNull();
  },
  'auth.loggedIn': ({ world }) => {
    expectSignedInShell(world);
    expect(storedTokens()).not.toBeNull();
  },
  'auth.loggedIn.checkingExpiry': notOnScreen('decides at once whether the token needs a refresh'),
  'auth.loggedIn.idle': ({ world }) => expectSignedInShell(world),
  // Unnoticed: the page stays as it was while the token is renewed.
  'auth.loggedIn.refreshing': ({ world }) => {
    expectSignedInShell(world);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  },
};

const flow: UiWalkFlow<Machine, InvokeId, AuthWorld> = {
  name: 'auth session: signed-in shell or /login, refreshes unnoticed',
  machine: authMachine,
  invokeIds: ['loadTokens', 'refreshTokens'],
  requests: { refreshTokens: REFRESH },
  executors,
  assertions,
  notWalkedOnScreen: {
    'xstate.error.actor.loadTokens': 'not walked: a storage that refuses reads',
    'auth.checking|xstate.error.actor.loadTokens|0': 'not walked: a storage that refuses reads',
    'auth.loggedIn.idle|TOKEN_REJECTED|1':
      'the app never keeps an access token without its refresh token (it drops such a session on load)',
  },
};

const REFRESHED_FRESH = { jwtToken: jwtExpiringIn(60, 'refreshed'), refreshToken: 'refresh-2' };
const REFRESHED_EXPIRING = { jwtToken: jwtExpiringIn(2, 'refreshed-expiring'), refreshToken: 'refresh-3' };

function plan(stored: 'none' | 'fresh' | 'expiring') {
  const expiring = stored === 'expiring';
  return planMachineWalk({
    machine: authMachine,
    input: { now: () => FIXED_NOW },
    events: {
      LOGIN: [{ type: 'LOGIN', tokens: expiring ? EXPIRING : FRESH }],
      LOGOUT: [{ type: 'LOGOUT' }],
      ENDED_ELSEWHERE: [{ type: 'ENDED_ELSEWHERE' }],
      TOKEN_REJECTED: [{ type: 'TOKEN_REJECTED' }],
      // Only the request retried with a just-refreshed token can be refused again.
      RETRY_REJECTED: (snapshot) =>
        snapshot.matches({ loggedIn: 'idle' }) &&
        snapshot.context.tokens?.refreshToken === REFRESHED_FRESH.refreshToken
          ? [{ type: 'RETRY_REJECTED' as const }]
          : [],
    },
    actorOutputs: {
      loadTokens: [stored === 'none' ? null : expiring ? EXPIRING : FRESH],
      refreshTokens: [expiring ? REFRESHED_EXPIRING : REFRESHED_FRESH],
    },
    actorErrors: { loadTokens: [], refreshTokens: [new Error('refresh refused')] },
    contextThatMatters: ({ now: _now, ...context }: AuthContext) => context,
    serializeState: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.tokens?.refreshToken ?? null,
        snapshot.context.lastLogoutReason,
      ]),
    generators: ['shortest', 'edge'],
  });
}

const PLANS = {
  signedOut: () => plan('none'),
  signedIn: () => plan('fresh'),
  expiring: () => plan('expiring'),
};
const covering = await coveringPaths(Object.entries(PLANS).map(([name, plan]) => ({ name, plan })));
const planned = (name: keyof typeof PLANS) => ({ plan: PLANS[name](), paths: covering.get(name) ?? [] });

async function signedInUser() {
  const phone = uniquePhone();
  server.clock.advance(31_000);
  const { tokens } = await signInWithCode(server, phone);
  createTokenStorage(defaultAuthStorage()).write(tokens);
  return phone;
}

const walks: UiWalk<Machine, AuthWorld>[] = [
  {
    name: 'signed out, opening the property list',
    ...planned('signedOut'),
    start: async () => {
      const phone = uniquePhone();
      await createUser(server.db, { phoneNumber: phone });
      return open('/properties', phone);
    },
    finish: (world) => world.session.stop(),
  },
  {
    name: 'signed in, opening the property list',
    ...planned('signedIn'),
    start: async () => open('/properties', await signedInUser()),
    finish: (world) => world.session.stop(),
  },
  {
    name: 'signed in with a token about to expire',
    ...planned('expiring'),
    start: async ({ gate, path }) => {
      const phone = await signedInUser();
      // The client's clock only (timers stay real), ahead of the server's that signed the token: the
      // token now expires within 5 minutes.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(server.clock.now().getTime() + CLIENT_AHEAD_MS);
      if (path.steps[1]?.state.matches({ loggedIn: 'refreshing' })) gate.hold('refreshTokens', REFRESH);
      return open('/properties', phone);
    },
    finish: (world) => {
      world.session.stop();
      vi.useRealTimers();
    },
  },
];

describeUiWalks(flow, walks);
