/**
 * Auth session lifecycle (spec 3 "Auth session", 4 "Session" and "Token refresh").
 *
 * - `checking`: the stored tokens are loaded (`loadTokens`); with tokens → `loggedIn`, else `loggedOut`.
 * - `loggedOut` --LOGIN--> `loggedIn` (tokens persisted).
 * - `loggedIn` first passes through `checkingExpiry`, a transient decision: a JWT that is expired or
 *   expires within 5 minutes is refreshed at once (when a refresh token exists), otherwise → `idle`.
 * - `idle` re-runs that decision every 10 minutes (delay `refreshCheck`).
 * - `idle` --TOKEN_REJECTED (a request got 401)--> `refreshing`, or straight to `loggedOut` when there
 *   is no refresh token. `refreshing` ignores further TOKEN_REJECTED: every 401 waits for the one
 *   refresh and then retries with the new token.
 * - `refreshing` invokes `refreshTokens`: done → new tokens persisted, back to `idle`; error → stored
 *   tokens cleared, `loggedOut` with reason `refreshFailed`.
 * - RETRY_REJECTED (a retried request still got 401) → `loggedOut`; LOGOUT → the server session is
 *   revoked (fire-and-forget), stored tokens and app data are cleared, `loggedOut` with reason `logout`.
 * - ENDED_ELSEWHERE (another tab of the browser removed the stored session, or stored another
 *   user's) → `loggedOut` with reason `endedElsewhere`: the tokens this tab held are revoked and its
 *   app data cleared, but storage is left alone, since it now belongs to the other tab.
 *
 * Side effects are named actions/actors with inert defaults; the app supplies the real ones with
 * `authMachine.provide()`. The clock is the `now` input so guards stay deterministic in tests.
 */
import { and, assign, fromPromise, setup } from 'xstate';
import type { HebrewMeta } from '../machine-text';
import { isExpiringWithin } from './jwt-expiry';
import { REFRESH_CHECK_INTERVAL_MS, REFRESH_WINDOW_MS } from './session-timing';

export { REFRESH_CHECK_INTERVAL_MS, REFRESH_WINDOW_MS } from './session-timing';

export interface AuthTokens {
  jwtToken: string;
  /** Null when storage held only an access token: the session then ends at the first 401. */
  refreshToken: string | null;
  userId: string;
}

/** What a refresh call yields; one of the spec's refresh readings returns no new refresh token. */
export interface RefreshedTokens {
  jwtToken: string;
  refreshToken?: string | null;
}

/** Why the session last ended; null until a session ends (or again after a login). */
export type LogoutReason = 'logout' | 'refreshFailed' | 'noRefreshToken' | 'retryRejected' | 'endedElsewhere';

export interface AuthContext {
  tokens: AuthTokens | null;
  lastLogoutReason: LogoutReason | null;
  now: () => number;
}

export interface AuthInput {
  /** Epoch milliseconds; defaults to `Date.now`. */
  now?: () => number;
}

export type AuthEvent =
  | { type: 'LOGIN'; tokens: AuthTokens }
  | { type: 'LOGOUT' }
  | { type: 'ENDED_ELSEWHERE' }
  | { type: 'TOKEN_REJECTED' }
  | { type: 'RETRY_REJECTED' };

export interface RefreshTokensInput {
  refreshToken: string;
  /** Whose session it is: another tab's renewal of it counts, another user's sign-in does not. */
  userId: string;
}

/** Keeps the refresh token and user when the refresh response carries only a new access token. */
export function mergeRefreshedTokens(current: AuthTokens, refreshed: RefreshedTokens): AuthTokens {
  return {
    jwtToken: refreshed.jwtToken,
    refreshToken: refreshed.refreshToken ?? current.refreshToken,
    userId: current.userId,
  };
}

/** Logged-in states always hold tokens; reaching here without them is a modelling bug. */
function sessionTokens(context: AuthContext): AuthTokens {
  if (!context.tokens) throw new Error('auth machine: a logged-in state has no tokens');
  return context.tokens;
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    meta: {} as HebrewMeta,
  },
  actors: {
    loadTokens: fromPromise<AuthTokens | null>(async () => null),
    refreshTokens: fromPromise<RefreshedTokens, RefreshTokensInput>(async () => {
      throw new Error('auth machine: refreshTokens is not provided');
    }),
  },
  actions: {
    persistTokens: (_, _params: { tokens: AuthTokens }) => {},
    clearStoredTokens: () => {},
    revokeSession: (_, _params: { tokens: AuthTokens | null }) => {},
    clearAppData: () => {},
    assignLogin: assign((_, params: { tokens: AuthTokens }) => ({
      tokens: params.tokens,
      lastLogoutReason: null,
    })),
    endSession: assign((_, params: { reason: LogoutReason }) => ({
      tokens: null,
      lastLogoutReason: params.reason,
    })),
  },
  guards: {
    hasStoredTokens: (_, params: { tokens: AuthTokens | null }) => params.tokens !== null,
    hasRefreshToken: ({ context }) => Boolean(context.tokens?.refreshToken),
    isExpiringSoon: ({ context }) =>
      context.tokens !== null && isExpiringWithin(context.tokens.jwtToken, context.now(), REFRESH_WINDOW_MS),
  },
  delays: {
    refreshCheck: REFRESH_CHECK_INTERVAL_MS,
  },
}).createMachine({
  id: 'auth',
  initial: 'checking',
  context: ({ input }) => ({
    tokens: null,
    lastLogoutReason: null,
    now: input?.now ?? Date.now,
  }),
  states: {
    checking: {
      description: 'The app reads the tokens saved in this browser.',
      meta: { he: 'האפליקציה קוראת את האסימונים השמורים בדפדפן.' },
      invoke: {
        id: 'loadTokens',
        src: 'loadTokens',
        onDone: [
          {
            guard: { type: 'hasStoredTokens', params: ({ event }) => ({ tokens: event.output }) },
            target: 'loggedIn',
            actions: assign({ tokens: ({ event }) => event.output }),
            description: 'Saved tokens were found: the session goes on.',
            meta: { he: 'נמצאו אסימונים שמורים: ההפעלה נמשכת.' },
          },
          {
            target: 'loggedOut',
            description: 'No tokens are saved: nobody is signed in.',
            meta: { he: 'אין אסימונים שמורים: אף אחד לא מחובר.' },
          },
        ],
        // Unreadable storage is no session, not a crash.
        onError: {
          target: 'loggedOut',
          description: 'The saved tokens could not be read: nobody is signed in.',
          meta: { he: 'לא ניתן לקרוא את האסימונים השמורים: אף אחד לא מחובר.' },
        },
      },
    },
    loggedOut: {
      description: 'Signed out: the login screen is shown.',
      meta: { he: 'לא מחוברים: מוצג מסך הכניסה.' },
      on: {
        LOGIN: {
          target: 'loggedIn',
          actions: [
            { type: 'assignLogin', params: ({ event }) => ({ tokens: event.tokens }) },
            { type: 'persistTokens', params: ({ event }) => ({ tokens: event.tokens }) },
          ],
        },
      },
    },
    loggedIn: {
      description: 'Signed in: the app works on behalf of the user.',
      meta: { he: 'מחוברים: האפליקציה פועלת בשם המשתמש.' },
      initial: 'checkingExpiry',
      on: {
        LOGOUT: {
          target: 'loggedOut',
          actions: [
            // Runs before endSession so the app can still read the tokens it revokes.
            { type: 'revokeSession', params: ({ context }) => ({ tokens: context.tokens }) },
            'clearStoredTokens',
            'clearAppData',
            { type: 'endSession', params: { reason: 'logout' } },
          ],
        },
        ENDED_ELSEWHERE: {
          target: 'loggedOut',
          actions: [
            // Nobody holds these tokens any more: revoking them is idempotent after a logout there, and
            // ends a session otherwise left valid on the server when another user signed in there.
            { type: 'revokeSession', params: ({ context }) => ({ tokens: context.tokens }) },
            'clearAppData',
            { type: 'endSession', params: { reason: 'endedElsewhere' } },
          ],
        },
        RETRY_REJECTED: {
          target: 'loggedOut',
          actions: ['clearStoredTokens', { type: 'endSession', params: { reason: 'retryRejected' } }],
        },
      },
      states: {
        checkingExpiry: {
          description: 'The app checks whether the access token expires within 5 minutes.',
          meta: { he: 'האפליקציה בודקת אם תוקף אסימון הגישה פג בתוך 5 דקות.' },
          // Without a refresh token nothing can be refreshed ahead of time; the next 401 ends it.
          always: [
            {
              guard: and(['isExpiringSoon', 'hasRefreshToken']),
              target: 'refreshing',
              description: 'The access token expires within 5 minutes and can be renewed: renew it now.',
              meta: { he: 'תוקף אסימון הגישה פג בתוך 5 דקות ואפשר לחדש אותו: מחדשים עכשיו.' },
            },
            {
              target: 'idle',
              description: 'The access token is good for now (or cannot be renewed): carry on.',
              meta: { he: 'אסימון הגישה תקף לעת עתה (או שאי אפשר לחדש אותו): ממשיכים.' },
            },
          ],
        },
        idle: {
          description: 'Signed in and working; the token is checked again every 10 minutes.',
          meta: { he: 'מחוברים ועובדים; האסימון נבדק שוב כל 10 דקות.' },
          after: {
            refreshCheck: {
              target: 'checkingExpiry',
              description: '10 minutes have passed: check the access token again.',
              meta: { he: 'עברו 10 דקות: בודקים שוב את אסימון הגישה.' },
            },
          },
          on: {
            TOKEN_REJECTED: [
              {
                guard: 'hasRefreshToken',
                target: 'refreshing',
                description: 'The token was refused and a refresh token exists: renew the session.',
                meta: { he: 'האסימון נדחה ויש אסימון רענון: מחדשים את ההפעלה.' },
              },
              {
                target: '#auth.loggedOut',
                description: 'The token was refused and there is no refresh token: the session ends.',
                meta: { he: 'האסימון נדחה ואין אסימון רענון: ההפעלה מסתיימת.' },
                actions: ['clearStoredTokens', { type: 'endSession', params: { reason: 'noRefreshToken' } }],
              },
            ],
          },
        },
        refreshing: {
          description: 'The app asks the server for new tokens; refused requests wait for them.',
          meta: { he: 'האפליקציה מבקשת מהשרת אסימונים חדשים; בקשות שנדחו ממתינות להם.' },
          // TOKEN_REJECTED is deliberately unhandled here: concurrent 401s share this one refresh.
          invoke: {
            id: 'refreshTokens',
            src: 'refreshTokens',
            input: ({ context }) => ({
              refreshToken: sessionTokens(context).refreshToken ?? '',
              userId: sessionTokens(context).userId,
            }),
            onDone: {
              // Straight to idle, not checkingExpiry: a short-lived new token must not loop refreshes.
              target: 'idle',
              description: 'New tokens arrived and are saved; waiting requests are sent again.',
              meta: { he: 'התקבלו אסימונים חדשים והם נשמרים; הבקשות הממתינות נשלחות שוב.' },
              actions: [
                assign({
                  tokens: ({ context, event }) => mergeRefreshedTokens(sessionTokens(context), event.output),
                }),
                { type: 'persistTokens', params: ({ context }) => ({ tokens: sessionTokens(context) }) },
              ],
            },
            onError: {
              target: '#auth.loggedOut',
              description: 'The renewal failed: the saved tokens are cleared and the session ends.',
              meta: { he: 'החידוש נכשל: האסימונים השמורים נמחקים וההפעלה מסתיימת.' },
              actions: ['clearStoredTokens', { type: 'endSession', params: { reason: 'refreshFailed' } }],
            },
          },
        },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
