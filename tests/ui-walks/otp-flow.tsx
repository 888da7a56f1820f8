/**
 * The OTP machine as the user meets it: the login form that sends a code (sign-in), and the verify
 * screen with its six boxes and the resend countdown (code entry), against the real server.
 */

import { OTP_RESEND_INTERVAL_MS } from '@domain/otp-policy';
import { EMPTY_OTP_SESSION_ID } from '@domain/registration';
import { EMPTY_SESSION_ERROR_CODE, otpMachine } from '@machines/otp/otp.machine';
import { isOtpCodeComplete, normalizeOtpCode } from '@machines/otp/otp-code';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { ERROR_MESSAGES } from '../../server/http/error-messages';
import {
  codeBoxes,
  createUser,
  latestCode,
  nationalOf,
  renderApp,
  wrongCode,
} from '../features/auth/auth-harness';
import type { InProcessServer } from '../features/helpers/in-process-server';
import { sendCode } from '../server/helpers/auth-flow';
import { jsonResponse, type RequestGate } from './support/request-gate';
import { type Executors, notOnScreen, type StateAssertions, type UiWalkFlow } from './support/ui-walk';

export const t = i18n.getFixedT('he', 'auth');

type Router = Awaited<ReturnType<typeof renderApp>>['router'];

export interface OtpWorld {
  server: InProcessServer;
  user: UserEvent;
  router: Router;
  /** The signed-up user's phone (E.164); the model's phone is a fixture. */
  phone: string;
  /** What the screen must say for the last failure the walk made the server answer, by operation. */
  errorText: Partial<Record<'send' | 'resend' | 'verify', RegExp | string>>;
}

export type OtpInvokeId = 'sendOtp' | 'verifyCode' | 'resendOtp';

/**
 * Past the server's per-phone interval between two codes, so the next send is accepted. A walk never
 * moves the server clock otherwise, so any send not preceded by this is refused as too soon.
 */
const PAST_RESEND_INTERVAL_MS = OTP_RESEND_INTERVAL_MS + 1000;
/** The server's interval between two codes to one phone. */
const RESEND_INTERVAL_S = OTP_RESEND_INTERVAL_MS / 1000;
/** The session id the server means "no session" with; the real server never answers it (forged below). */
const ALL_ZERO_SESSION = {
  otpSessionId: EMPTY_OTP_SESSION_ID,
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
};
const TOO_SOON = /^אפשר לבקש קוד חדש בעוד/;

const sendButton = () => screen.getByRole('button', { name: t('login.submit') });
const continueButton = () => screen.getByRole('button', { name: t('verify.continue') });

/** The digits a complete code must have for the verify that follows to end as the path says. */
async function codeToType(world: OtpWorld, verifyOutcome: string | undefined): Promise<string> {
  const [newest] = (
    await world.server.app.inject({
      method: 'GET',
      url: `/api/dev/sms-outbox?phone=${encodeURIComponent(world.phone)}`,
    })
  ).json().data as Array<{ code: string }>;
  const real = newest?.code ?? '123456';
  return verifyOutcome === 'xstate.error.actor.verifyCode' ? wrongCode(real) : real;
}

async function pasteIntoBoxes(world: OtpWorld, text: string) {
  const [first] = codeBoxes();
  if (!first) throw new Error('no code boxes');
  await world.user.click(first);
  await world.user.paste(text);
}

/** A successful (re)send: the real server, once its interval allows; the all-zero answer is forged. */
async function releaseSend(gate: RequestGate, world: OtpWorld, id: OtpInvokeId, output: unknown) {
  const { otpSessionId } = output as { otpSessionId: string };
  if (otpSessionId === EMPTY_OTP_SESSION_ID) {
    // Not producible through the real server: it always answers a real session.
    await gate.release(id, () => jsonResponse(200, { success: true, data: ALL_ZERO_SESSION }));
    return;
  }
  world.server.clock.advance(PAST_RESEND_INTERVAL_MS);
  await gate.release(id);
}

export const otpExecutors = {
  SEND: ({ world }) => world.user.click(sendButton()),
  TYPE_CODE: async ({ world, event, later }) => {
    const digits = normalizeOtpCode(String(event.code));
    if (!isOtpCodeComplete(digits)) return pasteIntoBoxes(world, digits);
    const outcome = later('xstate.done.actor.verifyCode', 'xstate.error.actor.verifyCode');
    const code = await codeToType(world, outcome?.type);
    // Pasted with the noise of an SMS, as the fixture has it: the screen keeps the six digits.
    await pasteIntoBoxes(world, `קוד: ${code.slice(0, 3)}-${code.slice(3)}`);
  },
  SUBMIT_CODE: ({ world }) => world.user.click(continueButton()),
  RESEND: ({ world }) => world.user.click(screen.getByRole('button', { name: t('resend.action') })),
  'xstate.after.navigateDelay': ({ clock }) => clock.advance(2000),
  'xstate.after.resendTick': ({ clock }) => clock.advance(1000),
  'xstate.done.actor.sendOtp': ({ gate, world, event }) => releaseSend(gate, world, 'sendOtp', event.output),
  'xstate.done.actor.resendOtp': ({ gate, world, event }) =>
    releaseSend(gate, world, 'resendOtp', event.output),
  // Refused by the real server: another code went out to this phone less than 30 seconds ago, as long
  // ago as leaves the path's wait (its Retry-After). The path's next successful send comes after the
  // interval, so the code typed later is that send's.
  'xstate.error.actor.sendOtp': async ({ gate, world, event }) => {
    await sendCode(world.server.app, { phoneNumber: world.phone, process: 'auth' });
    const wait = (event.error as { retryAfterSeconds?: number }).retryAfterSeconds ?? RESEND_INTERVAL_S;
    world.server.clock.advance((RESEND_INTERVAL_S - wait) * 1000);
    world.errorText.send = TOO_SOON;
    await gate.release('sendOtp');
  },
  // Refused as too soon too: every successful send of a walk is the last one within the interval.
  'xstate.error.actor.resendOtp': async ({ gate, world }) => {
    world.errorText.resend = TOO_SOON;
    await gate.release('resendOtp');
  },
  'xstate.done.actor.verifyCode': ({ gate }) => gate.release('verifyCode'),
  // The code typed was wrong (or the session expired): the real server says which.
  'xstate.error.actor.verifyCode': ({ gate }) => gate.release('verifyCode'),
} satisfies Executors<typeof otpMachine, OtpInvokeId, OtpWorld>;

function expectText(text: RegExp | string | undefined) {
  if (text === undefined) throw new Error('the walk made no failure, yet the model shows one');
  expect(screen.getByText(text)).toBeInTheDocument();
}

function filledDigits() {
  return codeBoxes()
    .map((box) => box.value)
    .join('');
}

export const otpAssertions: StateAssertions<typeof otpMachine, OtpWorld> = {
  'otp.starting': notOnScreen('decides between sending and the code entry when the actor starts'),
  'otp.sending': ({ world }) => {
    expect(world.router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { level: 1, name: t('login.title') })).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveAttribute('data-loading');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  },
  'otp.sendFailed': ({ world, state }) => {
    expect(world.router.state.location.pathname).toBe('/login');
    const { countdown, error } = state.context;
    // Nothing is clickable that the server would refuse: the button counts the server's wait down.
    if (countdown > 0)
      expect(
        screen.getByRole('button', { name: t('sendWait.seconds', { count: countdown }) }),
      ).toBeDisabled();
    else expect(sendButton()).toBeEnabled();
    if (error === null) {
      // The wait is over, and the message about it has gone.
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      return;
    }
    const alert = screen.getByRole('alert');
    if (state.context.error?.code === EMPTY_SESSION_ERROR_CODE) {
      expect(alert).toHaveTextContent(t('authCommon.otpCodeSentFailed'));
    } else {
      expect(within(alert).getByText(world.errorText.send ?? 'no failure was made')).toBeInTheDocument();
    }
  },
  'otp.announcing': ({ world }) => {
    expect(world.router.state.location.pathname).toBe('/login');
    expect(screen.getByText(t('authCommon.otpCodeSent'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('login.codeSent') })).toBeDisabled();
  },
  'otp.enteringCode': ({ world }) => {
    expect(world.router.state.location.pathname).toBe('/auth/verify-otp');
    expect(world.router.state.location.search).toMatchObject({ type: 'auth', phone: world.phone });
    expect(screen.getByRole('heading', { level: 1, name: t('verify.loginTitle') })).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: t('progress.label', { step: 2, total: 3 }) }),
    ).toBeVisible();
  },
  'otp.enteringCode.code': () => {
    expect(codeBoxes()).toHaveLength(6);
  },
  'otp.enteringCode.code.editing': ({ world, state }) => {
    for (const box of codeBoxes()) expect(box).toBeEnabled();
    expect(filledDigits()).toHaveLength(state.context.code.length);
    if (isOtpCodeComplete(state.context.code)) expect(continueButton()).toBeEnabled();
    else expect(continueButton()).toBeDisabled();
    const error = state.context.error;
    if (error?.operation === 'verify') expectText(world.errorText.verify);
    else if (world.errorText.verify)
      expect(screen.queryByText(world.errorText.verify)).not.toBeInTheDocument();
  },
  'otp.enteringCode.code.verifying': () => {
    for (const box of codeBoxes()) expect(box).toBeDisabled();
    expect(continueButton()).toHaveAttribute('data-loading');
  },
  'otp.enteringCode.resend': () => {
    expect(screen.getByText(t('verify.noCode'))).toBeInTheDocument();
  },
  'otp.enteringCode.resend.idle': ({ world, state }) => {
    const { countdown, error } = state.context;
    if (countdown > 0) {
      expect(
        screen.getByRole('button', { name: t('resend.countdown', { count: countdown }) }),
      ).toBeDisabled();
    } else if (error?.operation === 'resend' && error.code !== EMPTY_SESSION_ERROR_CODE) {
      // The real server refused the resend with its own Retry-After, which the model's fixture does
      // not name: the control counts that wait down and cannot be clicked meanwhile.
      const waiting = new RegExp(t('resend.countdown', { count: 99 }).replace('99', '\\d+'));
      expect(screen.getByRole('button', { name: waiting })).toBeDisabled();
    } else {
      expect(screen.getByRole('button', { name: t('resend.action') })).toBeEnabled();
    }
    if (error && error.operation !== 'verify') {
      if (error.code === EMPTY_SESSION_ERROR_CODE)
        expect(screen.getByText(t('authCommon.genericError'))).toBeVisible();
      else expectText(world.errorText.resend);
    }
  },
  'otp.enteringCode.resend.resending': () => {
    expect(screen.getByRole('button', { name: t('resend.sending') })).toBeDisabled();
  },
  'otp.verified': ({ world }) => {
    expect(world.router.state.location.pathname).toBe('/properties');
    expect(screen.getByRole('heading', { level: 1, name: 'הנכסים שלי' })).toBeInTheDocument();
    expect(localStorage.getItem('jwt_token')).not.toBeNull();
  },
};

export const otpFlow: UiWalkFlow<typeof otpMachine, OtpInvokeId, OtpWorld> = {
  name: 'otp: sign-in and code entry with the resend countdown',
  machine: otpMachine,
  invokeIds: ['sendOtp', 'verifyCode', 'resendOtp'],
  requests: {
    sendOtp: 'POST /api/login/Otp/send',
    resendOtp: 'POST /api/login/Otp/send',
    verifyCode: /^\/api\/login\/(auth\/login|Otp\/verify)$/,
  },
  executors: otpExecutors,
  assertions: otpAssertions,
  notWalkedOnScreen: {},
};

/** A signed-up user with a fresh phone, and the app at `path` signed out. */
export async function openAs(server: InProcessServer, path: (phone: string) => string, phone: string) {
  await createUser(server.db, { phoneNumber: phone });
  const { router } = await renderApp(path(phone));
  const world: OtpWorld = { server, user: userEvent.setup({ delay: null }), router, phone, errorText: {} };
  world.errorText.verify = ERROR_MESSAGES.otp_mismatch.he;
  return world;
}

export { latestCode, nationalOf };
