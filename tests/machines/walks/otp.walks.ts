/**
 * The model walks of the one-time-code machine: one per way the flow starts (the login form sends, the
 * verify screen opens from its URL with a live, expired or all-zero session). The machine test replays
 * them with its own assertions; `npm run test:paths` replays them for the coverage report.
 */
import { EMPTY_OTP_SESSION_ID } from '@domain/registration';
import {
  type OtpContext,
  type OtpInput,
  type OtpVerification,
  otpMachine,
  RESEND_COUNTDOWN_SECONDS,
  type SendOtpInput,
  type VerifyCodeInput,
} from '@machines/otp/otp.machine';
import { isEmptyOtpSessionId } from '@machines/otp/otp-code';
import { expect } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import {
  EMPTY_SESSION,
  EXPIRED_SESSION,
  FIXED_NOW,
  LEAD_ID,
  MISMATCH,
  ONE_SECOND_TOO_SOON,
  OTHER_PHONE,
  PHONE,
  RATE_LIMITED,
  RESEND_TOO_SOON,
  RESENT_SESSION,
  SESSION,
  TOKENS,
} from '../fixtures/otp-sessions';
import { LEAD_AT } from '../fixtures/registration-leads';
import type { PathReplay } from '../harness/walk-machine';
import { type EventFixtures, planMachineWalk } from '../harness/walk-machine';

const now = () => FIXED_NOW;
export const LOGGED_IN: OtpVerification = { process: 'auth', tokens: TOKENS };
export const LEAD_VERIFIED: OtpVerification = { process: 'registration', lead: LEAD_AT.OTP_VERIFICATION };

const SESSION_LABELS = new Map<string, string>([
  [SESSION.otpSessionId, 'session'],
  [RESENT_SESSION.otpSessionId, 'new session'],
  [EMPTY_SESSION.otpSessionId, 'all-zero session'],
]);

function describeEvent(event: AnyEventObject): string {
  if (event.type.startsWith('xstate.after.')) return `after(${event.type.split('.')[2]})`;
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[1] === 'done') {
    const output = event.output as { otpSessionId?: string };
    return `${settled[2]} done(${output.otpSessionId ? SESSION_LABELS.get(output.otpSessionId) : 'verified'})`;
  }
  if (settled) {
    // A refusal with a wait is another test case than one without: the form must count it down.
    const wait = (event.error as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
    return wait ? `${settled[2]} failed(wait ${wait} s)` : `${settled[2]} failed`;
  }
  if (event.type === 'TYPE_CODE') return `TYPE_CODE(${event.code})`;
  return event.type;
}

/** What the screens send, with the phone a SEND names: the model walks and the UI walks share them. */
export const otpEvents = (sendTo: string): EventFixtures<typeof otpMachine> => ({
  SEND: [{ type: 'SEND', phoneNumber: sendTo }],
  // A keystroke that leaves the code partial, and a paste with noise that completes it.
  TYPE_CODE: [
    { type: 'TYPE_CODE', code: '12' },
    { type: 'TYPE_CODE', code: 'a1b2c3d4e5f6g7' },
  ],
  SUBMIT_CODE: [{ type: 'SUBMIT_CODE' }],
  RESEND: [{ type: 'RESEND' }],
});

/** What a send and a resend answer: a session, or the server's all-zero "no session". */
export const OTP_SENT_SESSIONS = {
  sendOtp: [SESSION, EMPTY_SESSION],
  resendOtp: [RESENT_SESSION, EMPTY_SESSION],
};

/**
 * Which states a walk tells apart. The clock is not one of them. The countdown keys only as running,
 * in its last second, or finished: its 31 values would make 31 copies of the graph, and the last
 * second is where a wait ends. The code keys as typed, because the auto-submit guard compares the
 * new code with it.
 */
export const OTP_WALK_STATES = {
  contextThatMatters: ({ now: _clock, ...context }: OtpContext) => context,
  serializeState: (snapshot: SnapshotFrom<typeof otpMachine>) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.countdown > 0,
      snapshot.context.countdown === 1,
      snapshot.context.code,
      isEmptyOtpSessionId(snapshot.context.session?.otpSessionId),
    ]),
};

/** Each walk is one way the flow starts: the login form sends, the verify screen opens from its URL. */
export type OtpWalkSpec = { name: string; input: OtpInput; verification: OtpVerification };

const WALKS: Array<{ name: string; input: OtpInput; verification: OtpVerification }> = [
  {
    name: 'login: send, then verify',
    input: { process: 'auth', phoneNumber: PHONE, now },
    verification: LOGGED_IN,
  },
  {
    name: 'registration verify screen opened with its session',
    input: { process: 'registration', phoneNumber: PHONE, leadId: LEAD_ID, session: SESSION, now },
    verification: LEAD_VERIFIED,
  },
  {
    name: 'verify screen with an expired session',
    input: { process: 'auth', phoneNumber: PHONE, session: EXPIRED_SESSION, now },
    verification: LOGGED_IN,
  },
  {
    name: 'verify screen with the all-zero session',
    input: { process: 'auth', phoneNumber: PHONE, session: EMPTY_SESSION, now },
    verification: LOGGED_IN,
  },
];

function planWalk({ input, verification }: OtpWalkSpec) {
  return planMachineWalk({
    machine: otpMachine,
    input,
    events: otpEvents(OTHER_PHONE),
    actorOutputs: {
      ...OTP_SENT_SESSIONS,
      verifyCode: [verification],
    },
    actorErrors: {
      // Refused without a wait, with a wait of 12 s (ticking) and in its last second (the wait ends).
      sendOtp: [RATE_LIMITED, RESEND_TOO_SOON, ONE_SECOND_TOO_SOON],
      resendOtp: [RATE_LIMITED],
      verifyCode: [MISMATCH],
    },
    ...OTP_WALK_STATES,
    // Simple paths explode combinatorially with free code entry (over 100 000); edge paths still take
    // every transition of the graph once.
    generators: ['shortest', 'edge'],
    describeEvent,
  });
}

/** Every walk, planned, with the verification its flow ends in. */
export function planOtpWalks() {
  return WALKS.map((spec) => ({
    name: spec.name,
    spec,
    walk: planWalk(spec),
    check: (replay: PathReplay<typeof otpMachine>) => expectConsistentEffects(replay, spec),
  }));
}

/** What the app's side of the flow must have seen by the end of any path. */
export function expectConsistentEffects(replay: PathReplay<typeof otpMachine>, walk: OtpWalkSpec) {
  let storedId: string | null = walk.input.session?.otpSessionId ?? null;
  for (const action of replay.actions) {
    if (action.type === 'storeOtpSession') {
      const { session } = action.params as { session: { otpSessionId: string } };
      expect(session.otpSessionId).not.toBe(EMPTY_OTP_SESSION_ID);
      storedId = session.otpSessionId;
    }
    if (action.type === 'navigateToVerify') {
      expect(action.params).toEqual({
        process: walk.input.process,
        otpSessionId: storedId,
        phoneNumber: replay.finalSnapshot.context.phoneNumber,
        leadId: walk.input.leadId ?? null,
      });
    }
  }
  for (const invocation of replay.invocations) {
    if (invocation.src === 'verifyCode') {
      const input = invocation.input as VerifyCodeInput;
      expect(input.otpCode).toMatch(/^\d{6}$/);
      expect(isEmptyOtpSessionId(input.otpSessionId)).toBe(false);
      expect(input.phoneNumber).not.toBe('');
    } else {
      const input = invocation.input as SendOtpInput;
      expect(input.process).toBe(walk.input.process);
      expect(input.leadId).toBe(walk.input.leadId ?? undefined);
    }
  }
  const { status, context, output } = replay.finalSnapshot;
  expect(context.countdown).toBeGreaterThanOrEqual(0);
  expect(context.countdown).toBeLessThanOrEqual(RESEND_COUNTDOWN_SECONDS);
  expect(context.code).toMatch(/^\d{0,6}$/);
  if (status === 'done') {
    expect(output).toEqual(walk.verification);
    expect(replay.actions.map((action) => action.type)).toContain('clearOtpSession');
  }
}
