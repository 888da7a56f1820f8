import { EMPTY_OTP_SESSION_ID } from '@domain/registration';
import {
  EMPTY_SESSION_ERROR_CODE,
  NAVIGATE_DELAY_MS,
  type OtpInput,
  type OtpVerification,
  otpMachine,
  RESEND_COUNTDOWN_SECONDS,
  RESEND_TICK_MS,
  type SendOtpInput,
  type SentOtpSession,
  type VerifyCodeInput,
} from '@machines/otp/otp.machine';
import { isOtpSessionValid, normalizeOtpCode } from '@machines/otp/otp-code';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { type Deferred, deferred, settle } from './fixtures/deferred';
import {
  EMPTY_SESSION,
  EXPIRED_SESSION,
  FIXED_NOW,
  LEAD_ID,
  MINUTE,
  MISMATCH,
  OTHER_PHONE,
  PHONE,
  RATE_LIMITED,
  RESEND_TOO_SOON,
  RESENT_SESSION,
  SESSION,
} from './fixtures/otp-sessions';
import { LEAD_VERIFIED, LOGGED_IN } from './walks/otp.walks';

interface Call<TInput, TOutput> extends Deferred<TOutput> {
  input: TInput;
}

/** A started OTP actor whose clock, send and verify calls, and app effects the test controls. */
function startOtp(input: Partial<OtpInput> = {}) {
  const clock = new SimulatedClock();
  const sends: Call<SendOtpInput, SentOtpSession>[] = [];
  const verifies: Call<VerifyCodeInput, OtpVerification>[] = [];
  const effects: Array<{ type: string; params?: unknown }> = [];
  const record = (type: string) => (_: unknown, params?: unknown) =>
    effects.push(params === undefined ? { type } : { type, params });
  const machine = otpMachine.provide({
    actors: {
      sendOtp: fromPromise<SentOtpSession, SendOtpInput>(({ input: sent }) => {
        const call = { input: sent, ...deferred<SentOtpSession>() };
        sends.push(call);
        return call.promise;
      }),
      verifyCode: fromPromise<OtpVerification, VerifyCodeInput>(({ input: verified }) => {
        const call = { input: verified, ...deferred<OtpVerification>() };
        verifies.push(call);
        return call.promise;
      }),
    },
    actions: {
      storeOtpSession: record('storeOtpSession'),
      clearOtpSession: record('clearOtpSession'),
      notifyCodeSent: record('notifyCodeSent'),
      navigateToVerify: record('navigateToVerify'),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: { process: 'auth', phoneNumber: PHONE, now: () => FIXED_NOW + clock.now(), ...input },
  });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  const ticks = (count: number) => {
    for (let tick = 0; tick < count; tick++) clock.increment(RESEND_TICK_MS);
  };
  return { actor, clock, sends, verifies, effects, snapshot, ticks };
}

/** Opened on the verify screen with a fresh session: the code entry with the countdown at 30. */
const onVerifyScreen = (input: Partial<OtpInput> = {}) => startOtp({ session: SESSION, ...input });

/** A verify that failed: the code cleared, the message shown, the resend countdown still running. */
async function afterFailedVerify(otp: ReturnType<typeof startOtp>) {
  otp.actor.send({ type: 'TYPE_CODE', code: '000000' });
  otp.verifies.at(-1)?.reject(MISMATCH);
  await settle();
}

describe('otpMachine sending a code', () => {
  it('stores the session, shows the toast, and opens the verify screen exactly 2 seconds later', async () => {
    const otp = startOtp();
    expect(otp.snapshot().value).toBe('sending');
    expect(otp.sends.map((call) => call.input)).toEqual([{ phoneNumber: PHONE, process: 'auth' }]);

    otp.sends[0]?.resolve(SESSION);
    await settle();
    expect(otp.snapshot().value).toBe('announcing');
    const session = { otpSessionId: SESSION.otpSessionId, expiresAt: SESSION.expiresAt };
    expect(otp.effects).toEqual([
      { type: 'storeOtpSession', params: { session, phoneNumber: PHONE } },
      { type: 'notifyCodeSent', params: { process: 'auth', resend: false } },
    ]);

    otp.clock.increment(NAVIGATE_DELAY_MS - 1);
    expect(otp.effects.map((effect) => effect.type)).not.toContain('navigateToVerify');
    otp.clock.increment(1);
    expect(otp.effects.at(-1)).toEqual({
      type: 'navigateToVerify',
      params: { process: 'auth', otpSessionId: SESSION.otpSessionId, phoneNumber: PHONE, leadId: null },
    });
    expect(otp.snapshot().matches({ enteringCode: { code: 'editing', resend: 'idle' } })).toBe(true);
    expect(otp.snapshot().context.countdown).toBe(RESEND_COUNTDOWN_SECONDS);
  });

  it('sends the lead with a registration code and carries it to the verify screen', async () => {
    const otp = startOtp({ process: 'registration', leadId: LEAD_ID });
    expect(otp.sends[0]?.input).toEqual({ phoneNumber: PHONE, process: 'registration', leadId: LEAD_ID });
    otp.sends[0]?.resolve(SESSION);
    await settle();
    otp.clock.increment(NAVIGATE_DELAY_MS);
    expect(otp.effects.at(-1)).toEqual({
      type: 'navigateToVerify',
      params: {
        process: 'registration',
        otpSessionId: SESSION.otpSessionId,
        phoneNumber: PHONE,
        leadId: LEAD_ID,
      },
    });
  });

  it('does not navigate, store or announce an all-zero session id', async () => {
    const otp = startOtp();
    otp.sends[0]?.resolve(EMPTY_SESSION);
    await settle();
    otp.clock.increment(10 * NAVIGATE_DELAY_MS);
    expect(otp.snapshot().value).toBe('sendFailed');
    expect(otp.snapshot().context.error).toEqual({
      operation: 'send',
      message: null,
      code: EMPTY_SESSION_ERROR_CODE,
    });
    expect(otp.effects).toEqual([]);
  });

  it('keeps a send failure for the screen and tries again, to a corrected phone, on SEND', async () => {
    const otp = startOtp();
    otp.sends[0]?.reject(RATE_LIMITED);
    await settle();
    expect(otp.snapshot().value).toBe('sendFailed');
    expect(otp.snapshot().context.error).toEqual({
      operation: 'send',
      message: RATE_LIMITED.message,
      code: 'rate_limited',
    });

    otp.actor.send({ type: 'SEND', phoneNumber: OTHER_PHONE });
    expect(otp.snapshot().value).toBe('sending');
    expect(otp.snapshot().context.error).toBeNull();
    expect(otp.sends[1]?.input).toEqual({ phoneNumber: OTHER_PHONE, process: 'auth' });
  });

  it("counts down the server's Retry-After when a first send is refused, and refuses SEND until then", async () => {
    const otp = startOtp();
    otp.sends[0]?.reject(RESEND_TOO_SOON);
    await settle();
    expect(otp.snapshot().value).toBe('sendFailed');
    expect(otp.snapshot().context).toMatchObject({ countdown: 12, error: { operation: 'send' } });
    otp.actor.send({ type: 'SEND', phoneNumber: PHONE });
    expect(otp.sends).toHaveLength(1);
    otp.ticks(11);
    expect(otp.snapshot().context.countdown).toBe(1);
    expect(otp.snapshot().context.error).not.toBeNull();
    // The wait is over: the message about it goes, and the form may send again.
    otp.ticks(1);
    expect(otp.snapshot().context).toMatchObject({ countdown: 0, error: null });
    otp.actor.send({ type: 'SEND', phoneNumber: PHONE });
    expect(otp.snapshot().value).toBe('sending');
    expect(otp.sends).toHaveLength(2);
  });

  it('offers SEND at once after a failure without a Retry-After', async () => {
    const otp = startOtp();
    otp.sends[0]?.resolve(EMPTY_SESSION);
    await settle();
    expect(otp.snapshot().context.countdown).toBe(0);
    otp.actor.send({ type: 'SEND', phoneNumber: PHONE });
    expect(otp.sends).toHaveLength(2);
  });
});

describe('otpMachine code entry', () => {
  it('keeps the first 6 digits of a paste: a1b2c3d4e5f6g7 gives 123456', () => {
    expect(normalizeOtpCode('a1b2c3d4e5f6g7')).toBe('123456');
    const otp = onVerifyScreen();
    otp.actor.send({ type: 'TYPE_CODE', code: '4x' });
    expect(otp.snapshot().context.code).toBe('4');
    otp.actor.send({ type: 'TYPE_CODE', code: 'a1b2c3d4e5f6g7' });
    expect(otp.snapshot().context.code).toBe('123456');
    expect(otp.verifies.map((call) => call.input.otpCode)).toEqual(['123456']);
  });

  it('submits once, by itself, when the sixth digit is typed', () => {
    const otp = onVerifyScreen();
    for (const code of ['1', '12', '123', '1234', '12345']) {
      otp.actor.send({ type: 'TYPE_CODE', code });
      expect(otp.verifies).toHaveLength(0);
    }
    otp.actor.send({ type: 'TYPE_CODE', code: '123456' });
    expect(otp.snapshot().matches({ enteringCode: { code: 'verifying' } })).toBe(true);
    expect(otp.verifies.map((call) => call.input)).toEqual([
      {
        process: 'auth',
        phoneNumber: PHONE,
        otpSessionId: SESSION.otpSessionId,
        otpCode: '123456',
        leadId: null,
      },
    ]);
    // While verifying, nothing typed starts a second request.
    otp.actor.send({ type: 'TYPE_CODE', code: '654321' });
    otp.actor.send({ type: 'SUBMIT_CODE' });
    expect(otp.verifies).toHaveLength(1);
    expect(otp.snapshot().context.code).toBe('123456');
  });

  it('submits by hand a code completed while a resend was in flight, once the resend is over', async () => {
    const otp = onVerifyScreen();
    await afterFailedVerify(otp);
    otp.ticks(RESEND_COUNTDOWN_SECONDS);
    otp.actor.send({ type: 'RESEND' });
    otp.actor.send({ type: 'TYPE_CODE', code: '123456' });
    otp.sends[0]?.reject(RATE_LIMITED);
    await settle();
    expect(otp.verifies).toHaveLength(1);
    otp.actor.send({ type: 'SUBMIT_CODE' });
    expect(otp.verifies.map((call) => call.input.otpCode)).toEqual(['000000', '123456']);
  });

  it('does not verify while a resend is in flight', async () => {
    const otp = onVerifyScreen();
    await afterFailedVerify(otp);
    otp.ticks(RESEND_COUNTDOWN_SECONDS);
    otp.actor.send({ type: 'RESEND' });
    otp.actor.send({ type: 'TYPE_CODE', code: '123456' });
    otp.actor.send({ type: 'SUBMIT_CODE' });
    expect(otp.verifies).toHaveLength(1);
    expect(otp.snapshot().matches({ enteringCode: { code: 'editing', resend: 'resending' } })).toBe(true);
  });

  it('refuses SUBMIT_CODE before all 6 digits are in', () => {
    const otp = onVerifyScreen();
    otp.actor.send({ type: 'TYPE_CODE', code: '12345' });
    otp.actor.send({ type: 'SUBMIT_CODE' });
    expect(otp.verifies).toHaveLength(0);
  });

  it('sends no verify without a session id or a phone', () => {
    const noPhone = onVerifyScreen({ phoneNumber: '' });
    noPhone.actor.send({ type: 'TYPE_CODE', code: '123456' });
    noPhone.actor.send({ type: 'SUBMIT_CODE' });
    expect(noPhone.verifies).toHaveLength(0);

    const noSession = startOtp({ session: EMPTY_SESSION });
    noSession.actor.send({ type: 'TYPE_CODE', code: '123456' });
    noSession.actor.send({ type: 'SUBMIT_CODE' });
    expect(noSession.verifies).toHaveLength(0);
    expect(noSession.sends).toHaveLength(0);
  });
});

describe('otpMachine resend countdown', () => {
  it('reaches 0 after exactly 30 ticks and refuses RESEND before', () => {
    const otp = onVerifyScreen();
    expect(otp.snapshot().context.countdown).toBe(30);
    for (let tick = 1; tick < RESEND_COUNTDOWN_SECONDS; tick++) {
      otp.ticks(1);
      expect(otp.snapshot().context.countdown).toBe(RESEND_COUNTDOWN_SECONDS - tick);
      otp.actor.send({ type: 'RESEND' });
      expect(otp.sends).toHaveLength(0);
    }
    otp.clock.increment(RESEND_TICK_MS - 1);
    expect(otp.snapshot().context.countdown).toBe(1);
    otp.clock.increment(1);
    expect(otp.snapshot().context.countdown).toBe(0);
    // It stays at 0 rather than going negative.
    otp.ticks(5);
    expect(otp.snapshot().context.countdown).toBe(0);

    otp.actor.send({ type: 'RESEND' });
    expect(otp.snapshot().matches({ enteringCode: { resend: 'resending' } })).toBe(true);
    expect(otp.sends.map((call) => call.input)).toEqual([{ phoneNumber: PHONE, process: 'auth' }]);
  });

  it('restarts at 30 after a successful resend, with the new session stored', async () => {
    const otp = onVerifyScreen({ process: 'registration', leadId: LEAD_ID });
    otp.ticks(RESEND_COUNTDOWN_SECONDS);
    otp.actor.send({ type: 'TYPE_CODE', code: '12' });
    otp.actor.send({ type: 'RESEND' });
    expect(otp.sends[0]?.input).toEqual({ phoneNumber: PHONE, process: 'registration', leadId: LEAD_ID });
    otp.sends[0]?.resolve(RESENT_SESSION);
    await settle();

    const { context } = otp.snapshot();
    expect(context.countdown).toBe(RESEND_COUNTDOWN_SECONDS);
    expect(context.session?.otpSessionId).toBe(RESENT_SESSION.otpSessionId);
    expect(context.code).toBe('');
    expect(otp.effects).toEqual([
      {
        type: 'storeOtpSession',
        params: {
          session: { otpSessionId: RESENT_SESSION.otpSessionId, expiresAt: RESENT_SESSION.expiresAt },
          phoneNumber: PHONE,
        },
      },
      { type: 'notifyCodeSent', params: { process: 'registration', resend: true } },
    ]);
    otp.actor.send({ type: 'RESEND' });
    expect(otp.sends).toHaveLength(1);
    otp.ticks(1);
    expect(otp.snapshot().context.countdown).toBe(RESEND_COUNTDOWN_SECONDS - 1);

    // The next verify uses the new session.
    otp.actor.send({ type: 'TYPE_CODE', code: '654321' });
    expect(otp.verifies[0]?.input.otpSessionId).toBe(RESENT_SESSION.otpSessionId);
  });

  it('shows a failed resend and keeps resend available', async () => {
    const otp = onVerifyScreen();
    otp.ticks(RESEND_COUNTDOWN_SECONDS);
    otp.actor.send({ type: 'RESEND' });
    otp.sends[0]?.reject(RATE_LIMITED);
    await settle();
    expect(otp.snapshot().context).toMatchObject({
      countdown: 0,
      error: { operation: 'resend', message: RATE_LIMITED.message, code: 'rate_limited' },
    });
    otp.actor.send({ type: 'RESEND' });
    expect(otp.sends).toHaveLength(2);
  });

  it("counts down the server's Retry-After when a resend is refused, and refuses RESEND until then", async () => {
    const otp = onVerifyScreen();
    otp.ticks(RESEND_COUNTDOWN_SECONDS);
    otp.actor.send({ type: 'RESEND' });
    otp.sends[0]?.reject(RESEND_TOO_SOON);
    await settle();
    expect(otp.snapshot().context).toMatchObject({ countdown: 12, error: { operation: 'resend' } });
    otp.actor.send({ type: 'RESEND' });
    expect(otp.sends).toHaveLength(1);
    otp.ticks(11);
    expect(otp.snapshot().context.countdown).toBe(1);
    otp.ticks(1);
    otp.actor.send({ type: 'RESEND' });
    expect(otp.sends).toHaveLength(2);
  });

  it('treats an all-zero session from a resend as a failure and keeps the old session', async () => {
    const otp = onVerifyScreen();
    otp.ticks(RESEND_COUNTDOWN_SECONDS);
    otp.actor.send({ type: 'RESEND' });
    otp.sends[0]?.resolve(EMPTY_SESSION);
    await settle();
    expect(otp.snapshot().context).toMatchObject({
      countdown: 0,
      session: { otpSessionId: SESSION.otpSessionId },
      error: { operation: 'resend', code: EMPTY_SESSION_ERROR_CODE },
    });
    expect(otp.effects).toEqual([]);
  });

  it('keeps counting down after a verify error, so resend is offered only when the server takes it', async () => {
    const otp = onVerifyScreen();
    otp.ticks(10);
    otp.actor.send({ type: 'TYPE_CODE', code: '123456' });
    otp.verifies[0]?.reject(MISMATCH);
    await settle();

    const { context } = otp.snapshot();
    expect(otp.snapshot().matches({ enteringCode: { code: 'editing', resend: 'idle' } })).toBe(true);
    expect(context.countdown).toBe(RESEND_COUNTDOWN_SECONDS - 10);
    expect(context.error).toEqual({ operation: 'verify', message: MISMATCH.message, code: 'otp_mismatch' });
    expect(context.code).toBe('');
    otp.actor.send({ type: 'RESEND' });
    expect(otp.sends).toHaveLength(0);
    otp.ticks(RESEND_COUNTDOWN_SECONDS - 10);
    otp.actor.send({ type: 'RESEND' });
    expect(otp.sends).toHaveLength(1);
  });
});

describe('otpMachine verify', () => {
  it('ends verified with the tokens of a login and clears the stored session', async () => {
    const otp = onVerifyScreen();
    otp.actor.send({ type: 'TYPE_CODE', code: '123456' });
    otp.verifies[0]?.resolve(LOGGED_IN);
    await settle();
    expect(otp.snapshot().status).toBe('done');
    expect(otp.snapshot().value).toBe('verified');
    expect(otp.snapshot().output).toEqual(LOGGED_IN);
    expect(otp.effects).toEqual([{ type: 'clearOtpSession' }]);
  });

  it('ends verified with the lead of a registration', async () => {
    const otp = onVerifyScreen({ process: 'registration', leadId: LEAD_ID });
    otp.actor.send({ type: 'TYPE_CODE', code: '123456' });
    expect(otp.verifies[0]?.input).toMatchObject({ process: 'registration', leadId: LEAD_ID });
    otp.verifies[0]?.resolve(LEAD_VERIFIED);
    await settle();
    expect(otp.snapshot().output).toEqual(LEAD_VERIFIED);
  });

  it("shows the error's own message when the server sent none, and nothing for a bare value", async () => {
    const otp = onVerifyScreen();
    otp.actor.send({ type: 'TYPE_CODE', code: '123456' });
    otp.verifies[0]?.reject(new Error('Network request failed'));
    await settle();
    expect(otp.snapshot().context.error).toEqual({
      operation: 'verify',
      message: 'Network request failed',
      code: null,
    });

    otp.actor.send({ type: 'TYPE_CODE', code: '123457' });
    otp.verifies[1]?.reject('boom');
    await settle();
    expect(otp.snapshot().context.error).toEqual({ operation: 'verify', message: null, code: null });
  });

  it('clears the error once the user types again', async () => {
    const otp = onVerifyScreen();
    await afterFailedVerify(otp);
    expect(otp.snapshot().context.error).not.toBeNull();
    otp.actor.send({ type: 'TYPE_CODE', code: '1' });
    expect(otp.snapshot().context.error).toBeNull();
  });
});

describe('otpMachine opened from the verify URL', () => {
  it('starts at the code entry with a running countdown and sends nothing', () => {
    const otp = onVerifyScreen();
    expect(otp.snapshot().matches({ enteringCode: { code: 'editing', resend: 'idle' } })).toBe(true);
    expect(otp.snapshot().context.countdown).toBe(RESEND_COUNTDOWN_SECONDS);
    expect(otp.sends).toHaveLength(0);
  });

  it('offers resend at once when the stored session has expired', () => {
    const otp = startOtp({ session: EXPIRED_SESSION });
    expect(otp.snapshot().matches('enteringCode')).toBe(true);
    expect(otp.snapshot().context.countdown).toBe(0);
    otp.actor.send({ type: 'RESEND' });
    expect(otp.sends).toHaveLength(1);
  });

  it('counts a session as valid only while now is before expiresAt', () => {
    const expiresAt = Date.parse(SESSION.expiresAt);
    const session = { otpSessionId: SESSION.otpSessionId, expiresAt: SESSION.expiresAt };
    expect(isOtpSessionValid(session, expiresAt - 1)).toBe(true);
    expect(isOtpSessionValid(session, expiresAt)).toBe(false);
    expect(isOtpSessionValid(session, expiresAt + MINUTE)).toBe(false);
    // Only the id known (a URL without the stored session): the server judges the code.
    expect(isOtpSessionValid({ ...session, expiresAt: null }, expiresAt + MINUTE)).toBe(true);
    expect(isOtpSessionValid({ ...session, expiresAt: 'not a date' }, FIXED_NOW)).toBe(false);
    expect(isOtpSessionValid({ otpSessionId: EMPTY_OTP_SESSION_ID, expiresAt: null }, FIXED_NOW)).toBe(false);
    expect(isOtpSessionValid(null, FIXED_NOW)).toBe(false);
  });
});
