import { describe, expect, it } from 'vitest';
import { appForTests } from './helpers/app-for-tests';
import {
  COMPANY_DETAILS,
  createLead,
  errorOf,
  NO_ROUTE_LIMITS,
  PERSONAL_DETAILS,
  requestCode,
  saveLead,
  uniquePhone,
  verifyCode,
  wrongCode,
} from './helpers/auth-flow';
import { createUser } from './helpers/sign-in';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const UNKNOWN_SESSION = '0f8e2a4c-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

describe('POST /login/Otp/verify (registration)', () => {
  const ctx = appForTests({ config: NO_ROUTE_LIMITS });

  /** A fresh lead and a code sent for it. */
  async function leadWithCode(phoneNumber = uniquePhone()) {
    const lead = await createLead(ctx.app, phoneNumber);
    const sent = await requestCode(ctx.app, { phoneNumber, process: 'registration', leadId: lead.id });
    return { lead, ...sent };
  }

  it('verifies the lead: OTP_VERIFICATION (2), also when the lead is read again', async () => {
    const { lead, otpSessionId, code } = await leadWithCode();

    const response = await verifyCode(ctx.app, { otpSessionId, otpCode: code, leadId: lead.id });
    const reread = await ctx.app.inject({
      method: 'GET',
      url: `/api/login/leads/${lead.id}`,
      headers: { 'x-lead-secret': lead.leadSecret },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      success: true,
      data: {
        verified: true,
        lead: expect.objectContaining({ id: lead.id, phoneNumber: lead.phoneNumber, registrationStep: 2 }),
      },
    });
    expect(reread.json().data.registrationStep).toBe(2);
  });

  it('answers a wrong code with the spec’s mismatch text, in Hebrew and in English', async () => {
    const { lead, otpSessionId, code } = await leadWithCode();
    const body = { otpSessionId, otpCode: wrongCode(code), leadId: lead.id };

    const hebrew = await verifyCode(ctx.app, body);
    const english = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/Otp/verify',
      payload: { process: 'registration', ...body },
      headers: { 'accept-language': 'en' },
    });

    expect(hebrew.statusCode).toBe(400);
    expect(hebrew.json()).toEqual({
      success: false,
      code: 'otp_mismatch',
      Message: 'האימות נכשל, נא להזין קוד תקין',
    });
    expect(english.json()).toEqual({
      success: false,
      code: 'otp_mismatch',
      Message: 'Verification failed, please enter a valid code',
    });
  });

  it('takes a code until 4:59.999 after sending and calls it expired from 5:00', async () => {
    ctx.clock.set('2025-04-01T08:00:00.000Z');
    const onTime = await leadWithCode();
    const late = await leadWithCode();

    ctx.clock.set('2025-04-01T08:04:59.999Z');
    const justInTime = await verifyCode(ctx.app, {
      otpSessionId: onTime.otpSessionId,
      otpCode: onTime.code,
      leadId: onTime.lead.id,
    });
    ctx.clock.set('2025-04-01T08:05:00.000Z');
    const expired = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/Otp/verify',
      payload: {
        process: 'registration',
        otpSessionId: late.otpSessionId,
        otpCode: late.code,
        leadId: late.lead.id,
      },
      headers: { 'accept-language': 'en' },
    });
    const expiredHebrew = await verifyCode(ctx.app, {
      otpSessionId: late.otpSessionId,
      otpCode: late.code,
      leadId: late.lead.id,
    });

    expect(justInTime.statusCode).toBe(200);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ success: false, code: 'otp_expired', Message: 'The code has expired' });
    expect(expiredHebrew.json().Message).toBe('תוקף הקוד פג');
  });

  it('kills a code on its fifth wrong try: even the right code is refused after that', async () => {
    const { lead, otpSessionId, code } = await leadWithCode();
    const wrong = { otpSessionId, otpCode: wrongCode(code), leadId: lead.id };

    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++) codes.push(errorOf(await verifyCode(ctx.app, wrong)).code);
    const right = await verifyCode(ctx.app, { otpSessionId, otpCode: code, leadId: lead.id });

    expect(codes).toEqual([
      'otp_mismatch',
      'otp_mismatch',
      'otp_mismatch',
      'otp_mismatch',
      'otp_attempts_exceeded',
    ]);
    expect(errorOf(right)).toEqual({ status: 400, code: 'otp_attempts_exceeded', success: false });
  });

  it('counts wrong tries per phone across resends: 10 in an hour and the phone waits', async () => {
    ctx.clock.set('2025-04-02T08:00:00.000Z');
    const phoneNumber = uniquePhone();
    const lead = await createLead(ctx.app, phoneNumber);
    const send = () => requestCode(ctx.app, { phoneNumber, process: 'registration', leadId: lead.id });

    for (let round = 0; round < 2; round++) {
      const { otpSessionId, code } = await send();
      for (let i = 0; i < 5; i++) {
        await verifyCode(ctx.app, { otpSessionId, otpCode: wrongCode(code), leadId: lead.id });
      }
      ctx.clock.advance(30 * SECOND);
    }
    const third = await send();
    const refused = await verifyCode(ctx.app, {
      otpSessionId: third.otpSessionId,
      otpCode: third.code,
      leadId: lead.id,
    });

    expect(errorOf(refused)).toEqual({ status: 429, code: 'otp_verify_limit', success: false });
    // The first code's tries leave the window an hour after it was sent (60 min − 1 min elapsed).
    expect(refused.headers['retry-after']).toBe(String(59 * 60));

    ctx.clock.set('2025-04-02T09:00:00.000Z');
    const later = await send();
    const accepted = await verifyCode(ctx.app, {
      otpSessionId: later.otpSessionId,
      otpCode: later.code,
      leadId: lead.id,
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('caps wrong tries per phone at 30 a day, however they are spread over the hours', async () => {
    ctx.clock.set('2025-04-03T00:00:00.000Z');
    const phoneNumber = uniquePhone();
    const lead = await createLead(ctx.app, phoneNumber);
    const send = () => requestCode(ctx.app, { phoneNumber, process: 'registration', leadId: lead.id });
    for (let hour = 0; hour < 3; hour++) {
      ctx.clock.set(`2025-04-03T0${hour * 2}:00:00.000Z`);
      for (let round = 0; round < 2; round++) {
        const { otpSessionId, code } = await send();
        for (let i = 0; i < 5; i++) {
          await verifyCode(ctx.app, { otpSessionId, otpCode: wrongCode(code), leadId: lead.id });
        }
        ctx.clock.advance(30 * SECOND);
      }
    }

    ctx.clock.set('2025-04-03T06:00:00.000Z');
    const { otpSessionId, code } = await send();
    const refused = await verifyCode(ctx.app, { otpSessionId, otpCode: code, leadId: lead.id });

    expect(errorOf(refused)).toEqual({ status: 429, code: 'otp_verify_limit', success: false });
    // The first code's five tries leave the day at 00:00 the next day: 18 hours from now.
    expect(refused.headers['retry-after']).toBe(String(18 * 60 * 60));
  });

  it('answers an unknown session exactly like a wrong code (no probing)', async () => {
    const { lead, otpSessionId, code } = await leadWithCode();

    const wrong = await verifyCode(ctx.app, { otpSessionId, otpCode: wrongCode(code), leadId: lead.id });
    const unknown = await verifyCode(ctx.app, {
      otpSessionId: UNKNOWN_SESSION,
      otpCode: code,
      leadId: lead.id,
    });

    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('binds a code to its lead and its process', async () => {
    const mine = await leadWithCode();
    const other = await createLead(ctx.app);
    const signInPhone = uniquePhone();
    const signInCode = await requestCode(ctx.app, { phoneNumber: signInPhone, process: 'auth' });

    const otherLead = await verifyCode(ctx.app, {
      otpSessionId: mine.otpSessionId,
      otpCode: mine.code,
      leadId: other.id,
    });
    const otherProcess = await verifyCode(ctx.app, {
      otpSessionId: signInCode.otpSessionId,
      otpCode: signInCode.code,
      leadId: mine.lead.id,
    });
    const stillGood = await verifyCode(ctx.app, {
      otpSessionId: mine.otpSessionId,
      otpCode: mine.code,
      leadId: mine.lead.id,
    });

    expect(errorOf(otherLead).code).toBe('otp_mismatch');
    expect(errorOf(otherProcess).code).toBe('otp_mismatch');
    expect(stillGood.statusCode).toBe(200);
  });

  it('takes a code once', async () => {
    const { lead, otpSessionId, code } = await leadWithCode();
    const body = { otpSessionId, otpCode: code, leadId: lead.id };

    const first = await verifyCode(ctx.app, body);
    const second = await verifyCode(ctx.app, body);

    expect(first.statusCode).toBe(200);
    expect(errorOf(second)).toEqual({ status: 400, code: 'otp_mismatch', success: false });
  });

  it('lets exactly one of two simultaneous verifies of one code succeed', async () => {
    const { lead, otpSessionId, code } = await leadWithCode();
    const body = { otpSessionId, otpCode: code, leadId: lead.id };

    const responses = await Promise.all([verifyCode(ctx.app, body), verifyCode(ctx.app, body)]);

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a code for a phone the lead no longer has', async () => {
    const { lead, otpSessionId, code } = await leadWithCode();
    await saveLead(ctx.app, { ...PERSONAL_DETAILS, id: lead.id, phoneNumber: uniquePhone() });

    const response = await verifyCode(ctx.app, { otpSessionId, otpCode: code, leadId: lead.id });

    expect(errorOf(response).code).toBe('otp_mismatch');
  });

  it('says the phone already has an account only once the code has proven the phone', async () => {
    const phoneNumber = uniquePhone();
    await createUser(ctx.db, { phoneNumber });
    const { lead, otpSessionId, code } = await leadWithCode(phoneNumber);

    const wrong = await verifyCode(ctx.app, { otpSessionId, otpCode: wrongCode(code), leadId: lead.id });
    const right = await verifyCode(ctx.app, { otpSessionId, otpCode: code, leadId: lead.id });

    expect(errorOf(wrong).code).toBe('otp_mismatch');
    expect(errorOf(right)).toEqual({ status: 409, code: 'phone_already_registered', success: false });
  });

  it('moves a lead that already has company details to COMPANY_DETAILS (4)', async () => {
    const phoneNumber = uniquePhone();
    const saved = await saveLead(ctx.app, { ...PERSONAL_DETAILS, ...COMPANY_DETAILS, phoneNumber });
    const leadId = saved.json().data.id;
    const { otpSessionId, code } = await requestCode(ctx.app, {
      phoneNumber,
      process: 'registration',
      leadId,
    });

    const response = await verifyCode(ctx.app, { otpSessionId, otpCode: code, leadId });

    expect(saved.json().data.registrationStep).toBe(1);
    expect(response.json().data.lead.registrationStep).toBe(4);
  });

  it('serves registration only, and needs the lead', async () => {
    const { lead, otpSessionId, code } = await leadWithCode();

    const asSignIn = await verifyCode(ctx.app, {
      otpSessionId,
      otpCode: code,
      leadId: lead.id,
      process: 'auth',
    });
    const withoutLead = await verifyCode(ctx.app, { otpSessionId, otpCode: code });

    expect(errorOf(asSignIn)).toEqual({ status: 400, code: 'validation_failed', success: false });
    expect(asSignIn.json().details).toEqual([expect.objectContaining({ path: 'body/process' })]);
    expect(errorOf(withoutLead)).toEqual({ status: 400, code: 'validation_failed', success: false });
    expect(withoutLead.json().details).toEqual([expect.objectContaining({ path: 'body/leadId' })]);
  });

  it('accepts a fresh code for a lead that is already verified', async () => {
    ctx.clock.advance(10 * MINUTE);
    const { lead, otpSessionId, code } = await leadWithCode();
    await verifyCode(ctx.app, { otpSessionId, otpCode: code, leadId: lead.id });
    ctx.clock.advance(30 * SECOND);
    const again = await requestCode(ctx.app, {
      phoneNumber: lead.phoneNumber,
      process: 'registration',
      leadId: lead.id,
    });

    const response = await verifyCode(ctx.app, {
      otpSessionId: again.otpSessionId,
      otpCode: again.code,
      leadId: lead.id,
    });

    expect(response.json().data.lead.registrationStep).toBe(2);
  });
});
