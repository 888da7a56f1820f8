/**
 * The model walk of the session machine: start from storage, sign in, refresh (proactively and after a
 * rejected token), log out here or in another tab. The machine test replays it with its own assertions; `npm run test:paths`
 * replays it for the coverage report.
 */

import {
  type AuthContext,
  type AuthTokens,
  authMachine,
  REFRESH_WINDOW_MS,
  type RefreshedTokens,
} from '@machines/auth/auth.machine';
import { isExpiringWithin } from '@machines/auth/jwt-expiry';
import { expect } from 'vitest';
import { EXPIRING, FIXED_NOW, FRESH, jwtExpiringIn, WITHOUT_REFRESH } from '../fixtures/auth-tokens';
import type { PathReplay } from '../harness/walk-machine';
import { planMachineWalk } from '../harness/walk-machine';

/** One refresh reading returns only a new access token; another returns a short-lived pair. */
export const REFRESHED_ACCESS_ONLY: RefreshedTokens = { jwtToken: jwtExpiringIn(60, 'refreshed') };
export const REFRESHED_SHORT_LIVED: RefreshedTokens = {
  jwtToken: jwtExpiringIn(3, 'refreshed-short'),
  refreshToken: 'refresh-2',
};

const TOKEN_LABELS = new Map<string, string>([
  [FRESH.jwtToken, 'fresh'],
  [EXPIRING.jwtToken, 'expiring'],
  [WITHOUT_REFRESH.jwtToken, 'fresh'],
  [REFRESHED_ACCESS_ONLY.jwtToken, 'refreshed'],
  [REFRESHED_SHORT_LIVED.jwtToken, 'refreshedShortLived'],
]);
const label = (value: { jwtToken: string; refreshToken?: string | null } | null | undefined) =>
  value === null || value === undefined
    ? 'none'
    : `${TOKEN_LABELS.get(value.jwtToken) ?? '?'}${value.refreshToken === null ? '(no refresh token)' : ''}`;

function sessionClass(value: AuthTokens | null) {
  if (value === null) return null;
  return {
    expiringSoon: isExpiringWithin(value.jwtToken, FIXED_NOW, REFRESH_WINDOW_MS),
    refreshable: value.refreshToken !== null,
  };
}

/**
 * Time is frozen in the walk so the graph (computed without a clock) and the replay agree; time passing
 * is covered by the machine test's proactive-refresh cases.
 */
export function planAuthWalks() {
  const walk = planMachineWalk({
    machine: authMachine,
    input: { now: () => FIXED_NOW },
    events: {
      LOGIN: [
        { type: 'LOGIN', tokens: FRESH },
        { type: 'LOGIN', tokens: EXPIRING },
      ],
      LOGOUT: [{ type: 'LOGOUT' }],
      ENDED_ELSEWHERE: [{ type: 'ENDED_ELSEWHERE' }],
      TOKEN_REJECTED: [{ type: 'TOKEN_REJECTED' }],
      RETRY_REJECTED: [{ type: 'RETRY_REJECTED' }],
    },
    actorOutputs: {
      loadTokens: [null, FRESH, EXPIRING, WITHOUT_REFRESH],
      refreshTokens: [REFRESHED_ACCESS_ONLY, REFRESHED_SHORT_LIVED],
    },
    actorErrors: { loadTokens: [new Error('storage unavailable')], refreshTokens: [new Error('401')] },
    contextThatMatters: (context: AuthContext) => ({
      tokens: context.tokens,
      lastLogoutReason: context.lastLogoutReason,
    }),
    // The graph keys on what decides the next transition: where we are, and whether the session can
    // be refreshed and needs to be. Keying on the exact tokens and logout reason multiplies the simple
    // paths fivefold without reaching any transition these do not.
    serializeState: (snapshot) => JSON.stringify([snapshot.value, sessionClass(snapshot.context.tokens)]),
    describeEvent: (event) => {
      if (event.type.startsWith('xstate.after.')) return 'after(refreshCheck)';
      if (event.type === 'LOGIN') return `LOGIN(${label(event.tokens)})`;
      if (event.type.startsWith('xstate.done.actor.')) {
        return `${event.type.slice('xstate.done.actor.'.length)} done(${label(event.output)})`;
      }
      if (event.type.startsWith('xstate.error.actor.')) {
        return `${event.type.slice('xstate.error.actor.'.length)} failed`;
      }
      return event.type;
    },
  });
  return [
    {
      name: 'from storage or sign-in to logout',
      walk,
      check: (replay: PathReplay<typeof authMachine>) => expectStorageMatchesSession(replay),
    },
  ] as const;
}

/**
 * What storage must hold at the end of any path, replayed from the storage actions the machine ran:
 * the session's tokens while logged in, nothing after any logout but one in another tab, whose storage
 * this tab leaves alone.
 */
export function expectStorageMatchesSession(replay: PathReplay<typeof authMachine>) {
  let stored: AuthTokens | null | 'untouched' = 'untouched';
  for (const action of replay.actions) {
    if (action.type === 'persistTokens') stored = (action.params as { tokens: AuthTokens }).tokens;
    if (action.type === 'clearStoredTokens') stored = null;
  }
  const { value, context } = replay.finalSnapshot;
  if (context.lastLogoutReason === 'endedElsewhere') expect(stored).not.toBeNull();
  else if (value === 'loggedOut' && context.lastLogoutReason !== null) expect(stored).toBeNull();
  // 'untouched' while logged in means the session came from storage, which already holds it.
  if (value !== 'loggedOut' && value !== 'checking' && stored !== 'untouched') {
    expect(stored).toEqual(context.tokens);
  }
  const ran = (type: string) => replay.actions.some((action) => action.type === type);
  expect(ran('revokeSession')).toBe(ran('clearAppData'));
  if (context.lastLogoutReason === 'logout' || context.lastLogoutReason === 'endedElsewhere') {
    expect(ran('revokeSession')).toBe(true);
  }
}
