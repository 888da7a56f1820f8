/**
 * Sign-in and code entry walked along the OTP machine's generated paths, on the real screens and server:
 * from the login form (send, the 2-second wait, the verify screen, home), and from a verify link opened
 * with a live, an expired or the all-zero session (the resend countdown from 30, or available at once).
 */

import { EMPTY_OTP_SESSION_ID } from '@domain/registration';
import { type OtpInput, type OtpVerification, otpMachine } from '@machines/otp/otp.machine';
import { screen } from '@testing-library/react';
import { ERROR_MESSAGES } from '../../server/http/error-messages';
import { serverForFile, uniquePhone } from '../features/auth/auth-harness';
import {
  EMPTY_SESSION,
  EXPIRED_SESSION,
  MISMATCH,
  ONE_SECOND_TOO_SOON,
  PHONE,
  RATE_LIMITED,
  RESEND_TOO_SOON,
  SESSION,
  TOKENS,
} from '../machines/fixtures/otp-sessions';
import { planMachineWalk } from '../machines/harness/walk-machine';
import { OTP_SENT_SESSIONS, OTP_WALK_STATES, otpEvents } from '../machines/walks/otp.walks';
import { requestCode } from '../server/helpers/auth-flow';
import { nationalOf, openAs, otpFlow, t } from './otp-flow';
import { coveringPaths, describeUiWalks, type UiWalk } from './support/ui-walk';

const server = serverForFile();

const LOGGED_IN: OtpVerification = { process: 'auth', tokens: TOKENS };
const EXPIRED_MS = 6 * 60_000;

function plan(input: OtpInput, canVerify = true) {
  return planMachineWalk({
    machine: otpMachine,
    input,
    events: otpEvents(PHONE),
    actorOutputs: {
      ...OTP_SENT_SESSIONS,
      // An expired session cannot be verified by the real server: no success there.
      verifyCode: canVerify ? [LOGGED_IN] : [],
    },
    // The real server refuses a send too soon after the last with a Retry-After: here one of 12 s (the
    // button counts it down) and one in its last second (the wait ends and the form sends again).
    actorErrors: {
      sendOtp: [RESEND_TOO_SOON, ONE_SECOND_TOO_SOON],
      resendOtp: [RATE_LIMITED],
      verifyCode: [MISMATCH],
    },
    ...OTP_WALK_STATES,
    generators: ['shortest', 'edge'],
  });
}

const now = () => Date.now();

/** Opens the verify link of `session` the way a new tab does (the code session is not this tab's). */
function verifyLink(sessionId: string) {
  return (phone: string) =>
    `/auth/verify-otp?type=auth&session=${sessionId}&phone=${encodeURIComponent(phone)}`;
}

// A link opened in a new tab: the screen does not know when the session expires.
const LINKED_SESSION = { otpSessionId: SESSION.otpSessionId, expiresAt: null };
const PLANS = {
  signIn: () => plan({ process: 'auth', phoneNumber: PHONE, now }),
  liveLink: () => plan({ process: 'auth', phoneNumber: PHONE, session: LINKED_SESSION, now }),
  expiredLink: () => plan({ process: 'auth', phoneNumber: PHONE, session: EXPIRED_SESSION, now }, false),
  allZeroLink: () => plan({ process: 'auth', phoneNumber: PHONE, session: EMPTY_SESSION, now }),
};
const covering = await coveringPaths(Object.entries(PLANS).map(([name, plan]) => ({ name, plan })));
const planned = (name: keyof typeof PLANS) => ({ plan: PLANS[name](), paths: covering.get(name) ?? [] });

const walks: UiWalk<typeof otpMachine, Awaited<ReturnType<typeof openAs>>>[] = [
  {
    name: 'sign-in from the login form',
    ...planned('signIn'),
    start: async () => {
      const world = await openAs(server, () => '/login', uniquePhone());
      await screen.findByRole('heading', { level: 1, name: t('login.title') });
      await world.user.type(
        await screen.findByRole('textbox', { name: t('login.phoneLabel') }),
        nationalOf(world.phone),
      );
      await world.user.click(screen.getByRole('button', { name: t('login.submit') }));
      return world;
    },
  },
  {
    name: 'code entry from a verify link with a live session',
    ...planned('liveLink'),
    start: async () => {
      const phone = uniquePhone();
      server.clock.advance(31_000);
      const { otpSessionId } = await requestCode(server.app, { phoneNumber: phone, process: 'auth' });
      return openAs(server, verifyLink(otpSessionId), phone);
    },
  },
  {
    name: 'code entry from a verify link whose session has expired',
    ...planned('expiredLink'),
    start: async () => {
      const phone = uniquePhone();
      server.clock.advance(31_000);
      const { otpSessionId } = await requestCode(server.app, { phoneNumber: phone, process: 'auth' });
      // Sent six minutes ago, in this tab: the stored session says so, and the server agrees.
      server.clock.advance(EXPIRED_MS);
      sessionStorage.setItem(
        'otp-session',
        JSON.stringify({
          state: {
            sessionId: otpSessionId,
            phoneNumber: phone,
            expiresAt: new Date(Date.now() - 60_000).toISOString(),
          },
          version: 0,
        }),
      );
      // Another code went out since, so a resend right now is still too soon.
      await requestCode(server.app, { phoneNumber: phone, process: 'auth' });
      const world = await openAs(server, verifyLink(otpSessionId), phone);
      world.errorText.verify = ERROR_MESSAGES.otp_expired.he;
      return world;
    },
  },
  {
    name: 'code entry from a verify link with the all-zero session',
    ...planned('allZeroLink'),
    start: async () => {
      const phone = uniquePhone();
      server.clock.advance(31_000);
      // A code went out to this phone just now, so a resend right now is too soon.
      await requestCode(server.app, { phoneNumber: phone, process: 'auth' });
      return openAs(server, verifyLink(EMPTY_OTP_SESSION_ID), phone);
    },
  },
];

describeUiWalks(otpFlow, walks);
