import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/database';
import { appForTests } from './helpers/app-for-tests';
import {
  COMPANY_DETAILS,
  createLead,
  createVerifiedLead,
  errorOf,
  leadSecretHeader,
  login,
  NO_ROUTE_LIMITS,
  PERSONAL_DETAILS,
  post,
  registerLead,
  requestCode,
  resaveLead,
  saveLead,
  type Tokens,
  uniquePhone,
} from './helpers/auth-flow';

const HOUR = 60 * 60_000;
const UNKNOWN_LEAD = '5d3c3c1e-8f0a-4c55-9d57-3a4c1d2b7e90';

describe('POST /login/auth/register/lead', () => {
  const ctx = appForTests({ config: NO_ROUTE_LIMITS });

  const register = (leadId: string) => registerLead(ctx.app, leadId);

  /** A verified lead with company details: ready to register. */
  async function readyLead(phoneNumber = uniquePhone()) {
    const lead = await createVerifiedLead(ctx.app, phoneNumber);
    const saved = await saveLead(ctx.app, {
      ...PERSONAL_DETAILS,
      ...COMPANY_DETAILS,
      id: lead.id,
      phoneNumber,
    });
    expect(saved.json().data.registrationStep).toBe(4);
    return lead;
  }

  const count = async (table: 'users' | 'companies', phoneNumber?: string) => {
    const rows = await queryRows<{ n: number }>(
      ctx.db,
      table === 'users'
        ? sql`select count(*)::int as n from users where phone_number = ${phoneNumber ?? ''}`
        : sql`select count(*)::int as n from companies`,
    );
    return rows[0]?.n;
  };

  it('registers end to end: lead, code from the outbox, verify, company, register, signed in', async () => {
    const phoneNumber = uniquePhone();
    const outbox = `/api/dev/sms-outbox?phone=${encodeURIComponent(phoneNumber)}`;

    const step1 = await saveLead(ctx.app, { ...PERSONAL_DETAILS, phoneNumber });
    const leadId = step1.json().data.id as string;
    const sent = await post(ctx.app, '/api/login/Otp/send', { phoneNumber, process: 'registration', leadId });
    const sms = (await ctx.app.inject({ method: 'GET', url: outbox })).json().data[0];
    const verified = await post(ctx.app, '/api/login/Otp/verify', {
      otpSessionId: sent.json().data.otpSessionId,
      otpCode: sms.code,
      process: 'registration',
      leadId,
    });
    const step3 = await saveLead(ctx.app, {
      ...PERSONAL_DETAILS,
      ...COMPANY_DETAILS,
      id: leadId,
      phoneNumber,
    });
    const registered = await register(leadId);

    expect(step1.json().data.registrationStep).toBe(1);
    expect(sent.statusCode).toBe(200);
    expect(sms.message).toContain(sms.code);
    expect(verified.json().data.lead.registrationStep).toBe(2);
    expect(step3.json().data.registrationStep).toBe(4);
    expect(registered.statusCode).toBe(200);
    expect(registered.headers['cache-control']).toBe('no-store');
    const tokens = registered.json().data as Tokens;
    expect(tokens).toEqual({
      jwtToken: expect.any(String),
      refreshToken: expect.any(String),
      userId: expect.any(String),
    });

    const guarded = await ctx.app.inject({
      method: 'GET',
      url: '/api/property/summary',
      headers: { authorization: `Bearer ${tokens.jwtToken}` },
    });
    expect(guarded.statusCode).not.toBe(401);
    const refreshed = await post(ctx.app, '/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(refreshed.statusCode).toBe(200);

    // Registered: the lead is the account's now, and its secret reads it no more.
    const reread = await ctx.app.inject({
      method: 'GET',
      url: `/api/login/leads/${leadId}`,
      headers: leadSecretHeader(leadId),
    });
    expect(errorOf(reread)).toEqual({ status: 404, code: 'lead_not_found', success: false });
    const [stored] = await queryRows<{ step: number }>(
      ctx.db,
      sql`select registration_step as step from leads where id = ${leadId}`,
    );
    expect(stored?.step).toBe(8);
    const [user] = await queryRows<Record<string, unknown>>(
      ctx.db,
      sql`select u.id, u.first_name, u.last_name, u.email, u.position, c.name, c.company_type
          from users u join companies c on c.id = u.company_id where u.phone_number = ${phoneNumber}`,
    );
    expect(user).toEqual({
      id: tokens.userId,
      first_name: PERSONAL_DETAILS.firstName,
      last_name: PERSONAL_DETAILS.lastName,
      email: PERSONAL_DETAILS.email,
      position: COMPANY_DETAILS.position,
      name: COMPANY_DETAILS.companyName,
      company_type: COMPANY_DETAILS.companyType,
    });
  });

  it('lets the new account sign in with a code afterwards', async () => {
    const phoneNumber = uniquePhone();
    const lead = await readyLead(phoneNumber);
    const registered = (await register(lead.id)).json().data as Tokens;
    ctx.clock.advance(60_000);

    const { otpSessionId, code } = await requestCode(ctx.app, { phoneNumber });
    const signedIn = await login(ctx.app, { phoneNumber, otpSessionId, otpCode: code });

    expect(signedIn.json().data.userId).toBe(registered.userId);
  });

  it('registers a lead once: a second call answers 409 lead_already_registered', async () => {
    const lead = await readyLead();

    const first = await register(lead.id);
    const second = await register(lead.id);

    expect(first.statusCode).toBe(200);
    expect(errorOf(second)).toEqual({ status: 409, code: 'lead_already_registered', success: false });
  });

  it('lets one of two simultaneous registrations of a lead through', async () => {
    const lead = await readyLead();

    const responses = await Promise.all([register(lead.id), register(lead.id)]);

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await count('users', lead.phoneNumber)).toBe(1);
  });

  it('answers 409 lead_not_ready before the phone is verified or without company details', async () => {
    const unverified = await createLead(ctx.app);
    await resaveLead(ctx.app, unverified, COMPANY_DETAILS);
    const noCompany = await createVerifiedLead(ctx.app);

    expect(errorOf(await register(unverified.id))).toEqual({
      status: 409,
      code: 'lead_not_ready',
      success: false,
    });
    expect(errorOf(await register(noCompany.id))).toEqual({
      status: 409,
      code: 'lead_not_ready',
      success: false,
    });
  });

  it('answers 404 lead_not_found for an unknown lead', async () => {
    expect(errorOf(await register(UNKNOWN_LEAD))).toEqual({
      status: 404,
      code: 'lead_not_found',
      success: false,
    });
  });

  it('registers a phone once: another lead with it answers 409 and leaves nothing behind', async () => {
    const phoneNumber = uniquePhone();
    const first = await readyLead(phoneNumber);
    ctx.clock.advance(60_000);
    const second = await readyLead(phoneNumber);
    expect((await register(first.id)).statusCode).toBe(200);
    const companiesBefore = await count('companies');

    const response = await register(second.id);

    expect(errorOf(response)).toEqual({ status: 409, code: 'phone_already_registered', success: false });
    expect(await count('companies')).toBe(companiesBefore);
    expect(await count('users', phoneNumber)).toBe(1);
    const lead = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/login/leads/${second.id}`,
        headers: leadSecretHeader(second.id),
      })
    ).json().data;
    expect(lead.registrationStep).toBe(4);
  });

  it('needs the registration finished within 24 hours of verifying the phone', async () => {
    ctx.clock.set('2025-07-01T09:00:00.000Z');
    const onTime = await readyLead();
    const late = await readyLead();
    // Both touched again later that day: the leads stay current, the verifications age.
    ctx.clock.advance(12 * HOUR);
    for (const lead of [onTime, late]) {
      const resaved = await resaveLead(ctx.app, lead, COMPANY_DETAILS);
      expect(resaved.statusCode).toBe(200);
    }

    ctx.clock.advance(12 * HOUR - 1);
    const justInTime = await register(onTime.id);
    ctx.clock.advance(1);
    const tooLate = await register(late.id);

    expect(justInTime.statusCode).toBe(200);
    expect(errorOf(tooLate)).toEqual({ status: 409, code: 'lead_verification_expired', success: false });

    // A new code puts it right.
    const { otpSessionId, code } = await requestCode(ctx.app, {
      phoneNumber: late.phoneNumber,
      process: 'registration',
      leadId: late.id,
    });
    await post(ctx.app, '/api/login/Otp/verify', {
      otpSessionId,
      otpCode: code,
      process: 'registration',
      leadId: late.id,
    });
    expect((await register(late.id)).statusCode).toBe(200);
  });
});
