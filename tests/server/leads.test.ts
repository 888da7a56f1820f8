import { describe, expect, it } from 'vitest';
import { appForTests } from './helpers/app-for-tests';
import {
  COMPANY_DETAILS,
  createLead,
  createVerifiedLead,
  errorOf,
  leadSecretHeader,
  NO_ROUTE_LIMITS,
  PERSONAL_DETAILS,
  post,
  registerLead,
  resaveLead,
  saveLead,
  uniquePhone,
} from './helpers/auth-flow';
import type { TestApp } from './helpers/build-test-app';

const HOUR = 60 * 60_000;
const UNKNOWN_LEAD = '5d3c3c1e-8f0a-4c55-9d57-3a4c1d2b7e90';

/** A verified lead that saved its company details too (COMPANY_DETAILS, 4). */
async function leadWithCompany(app: TestApp['app']) {
  const lead = await createVerifiedLead(app);
  await resaveLead(app, lead, COMPANY_DETAILS);
  return lead;
}

describe('registration leads', () => {
  const ctx = appForTests({ config: NO_ROUTE_LIMITS });

  const getLead = (id: string, headers = leadSecretHeader(id)) =>
    ctx.app.inject({ method: 'GET', url: `/api/login/leads/${id}`, headers });

  describe('POST /login/leads/save', () => {
    it('creates a lead at PERSONAL_DETAILS (1), with the details trimmed', async () => {
      ctx.clock.set('2025-06-01T07:30:00.000Z');
      const phoneNumber = uniquePhone();

      const response = await saveLead(ctx.app, {
        ...PERSONAL_DETAILS,
        firstName: '  דנה ',
        phoneNumber,
      });

      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        success: true,
        data: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          firstName: 'דנה',
          lastName: 'כהן',
          email: 'dana@example.co.il',
          phoneNumber,
          acceptedTerms: true,
          companyName: null,
          position: null,
          companyType: null,
          company: null,
          registrationStep: 1,
          createdAt: '2025-06-01T07:30:00.000Z',
          leadSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        },
      });
    });

    it('checks the details with the shared rules and answers every field’s i18n key', async () => {
      const response = await saveLead(ctx.app, {
        firstName: '--',
        lastName: 'כהן',
        email: 'dana@example.co.il',
        phoneNumber: '+972501234',
        acceptedTerms: false,
        position: 'מנהלת',
      });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'validation_failed' });
      expect(new Set(response.json().details)).toEqual(
        new Set([
          { path: 'body/firstName', message: 'authCommon.invalidFirstName' },
          { path: 'body/phoneNumber', message: 'authCommon.invalidPhoneNumber' },
          { path: 'body/acceptedTerms', message: 'authCommon.termsRequired' },
          { path: 'body/companyName', message: 'validation.required' },
          { path: 'body/companyType', message: 'validation.required' },
        ]),
      );
    });

    it('refuses a landline, which cannot take the SMS code, with its own key', async () => {
      const response = await saveLead(ctx.app, { ...PERSONAL_DETAILS, phoneNumber: '+97231234567' });

      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { path: 'body/phoneNumber', message: 'authCommon.mobileRequired' },
      ]);
    });

    it('takes names as people type them, typographic apostrophe and maqaf included', async () => {
      const response = await saveLead(ctx.app, {
        ...PERSONAL_DETAILS,
        firstName: 'O’Brien',
        lastName: 'בן־דוד',
        phoneNumber: uniquePhone(),
      });

      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ firstName: 'O’Brien', lastName: 'בן־דוד' });
    });

    it('refuses blank company details', async () => {
      const response = await saveLead(ctx.app, {
        ...PERSONAL_DETAILS,
        ...COMPANY_DETAILS,
        companyName: '   ',
        phoneNumber: uniquePhone(),
      });

      expect(response.json().details).toEqual([{ path: 'body/companyName', message: 'validation.required' }]);
    });

    it('updates a lead by id and answers 404 lead_not_found for an unknown one', async () => {
      const lead = await createLead(ctx.app);

      const updated = await resaveLead(ctx.app, lead, {
        email: 'new@example.co.il',
      });
      const unknown = await saveLead(ctx.app, {
        ...PERSONAL_DETAILS,
        id: UNKNOWN_LEAD,
        phoneNumber: uniquePhone(),
      });

      expect(updated.json().data).toMatchObject({
        id: lead.id,
        email: 'new@example.co.il',
        registrationStep: 1,
      });
      expect(errorOf(unknown)).toEqual({ status: 404, code: 'lead_not_found', success: false });
    });

    it('decides the step itself: a client-sent step never skips verification', async () => {
      const completed = await saveLead(ctx.app, {
        ...PERSONAL_DETAILS,
        ...COMPANY_DETAILS,
        phoneNumber: uniquePhone(),
        registrationStep: 8,
      });
      const lead = await createLead(ctx.app);
      const companyStep = await resaveLead(ctx.app, lead, {
        ...COMPANY_DETAILS,
        registrationStep: 4,
      });

      expect(completed.json().data.registrationStep).toBe(1);
      expect(companyStep.json().data.registrationStep).toBe(1);
    });

    it('keeps a verified lead verified, and moves it to COMPANY_DETAILS (4) with company details', async () => {
      const lead = await createVerifiedLead(ctx.app);

      const personal = await resaveLead(ctx.app, lead);
      const company = await resaveLead(ctx.app, lead, {
        company: { name: COMPANY_DETAILS.companyName, companyType: COMPANY_DETAILS.companyType },
        position: COMPANY_DETAILS.position,
        registrationStep: 2,
      });

      expect(personal.json().data.registrationStep).toBe(2);
      expect(company.json().data).toMatchObject({
        registrationStep: 4,
        companyName: COMPANY_DETAILS.companyName,
        companyType: COMPANY_DETAILS.companyType,
        position: COMPANY_DETAILS.position,
        company: { name: COMPANY_DETAILS.companyName, companyType: COMPANY_DETAILS.companyType },
      });
    });

    it('keeps company details when a later save leaves them out', async () => {
      const lead = await leadWithCompany(ctx.app);

      const personalOnly = await resaveLead(ctx.app, lead, {
        lastName: 'לוי',
      });

      expect(personalOnly.json().data).toMatchObject({
        lastName: 'לוי',
        registrationStep: 4,
        ...COMPANY_DETAILS,
      });
    });

    it('drops the verification when the phone changes: the new phone must be proven', async () => {
      const lead = await leadWithCompany(ctx.app);

      const changed = await saveLead(ctx.app, {
        ...PERSONAL_DETAILS,
        id: lead.id,
        phoneNumber: uniquePhone(),
      });
      const changedBack = await resaveLead(ctx.app, lead);
      const register = await registerLead(ctx.app, lead.id);

      expect(changed.json().data.registrationStep).toBe(1);
      expect(changedBack.json().data.registrationStep).toBe(1);
      expect(errorOf(register)).toEqual({ status: 409, code: 'lead_not_ready', success: false });
    });

    it('does not change a registered lead', async () => {
      const lead = await leadWithCompany(ctx.app);
      const registered = await registerLead(ctx.app, lead.id);
      expect(registered.statusCode).toBe(200);

      const response = await resaveLead(ctx.app, lead);

      expect(errorOf(response)).toEqual({ status: 409, code: 'lead_already_registered', success: false });
      // Registered: its secret reads it no more.
      expect(errorOf(await getLead(lead.id))).toEqual({
        status: 404,
        code: 'lead_not_found',
        success: false,
      });
    });
  });

  describe('GET /login/leads/{leadId}', () => {
    it('reads a lead back as saved', async () => {
      const lead = await createLead(ctx.app);

      const response = await getLead(lead.id);

      expect(response.statusCode).toBe(200);
      const { leadSecret: _answeredOnce, ...saved } = lead;
      expect(response.json().data).toEqual(saved);
    });

    it('answers 404 lead_not_found for an unknown id and 400 for an id that is not a UUID', async () => {
      const unknown = await getLead(UNKNOWN_LEAD);
      const malformed = await getLead('42');

      expect(errorOf(unknown)).toEqual({ status: 404, code: 'lead_not_found', success: false });
      expect(errorOf(malformed)).toEqual({ status: 400, code: 'validation_failed', success: false });
    });

    it('shows a verification older than 24 hours as gone (back to PERSONAL_DETAILS)', async () => {
      ctx.clock.set('2025-06-10T12:00:00.000Z');
      const lead = await createVerifiedLead(ctx.app);
      // Saved again the next morning: the lead (and its secret) stays current, the verification ages.
      ctx.clock.advance(20 * HOUR);
      const resaved = await resaveLead(ctx.app, lead);
      expect(resaved.statusCode).toBe(200);

      ctx.clock.advance(4 * HOUR - 1);
      const stillVerified = await getLead(lead.id);
      ctx.clock.advance(1);
      const expired = await getLead(lead.id);

      expect(stillVerified.json().data.registrationStep).toBe(2);
      expect(expired.json().data.registrationStep).toBe(1);
    });
  });
});

describe('lead reads need the secret held outside the address', () => {
  const ctx = appForTests({ config: NO_ROUTE_LIMITS });

  const read = (id: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/login/leads/${id}`, headers });
  const otherSecret = 'A'.repeat(43);

  it('reads nothing with the id alone, or with another secret: 404 as for no lead at all', async () => {
    const lead = await createLead(ctx.app);

    for (const headers of [{}, { 'x-lead-secret': otherSecret }] as Record<string, string>[]) {
      const response = await read(lead.id, headers);
      expect(errorOf(response)).toEqual({ status: 404, code: 'lead_not_found', success: false });
      expect(response.body).not.toContain(lead.phoneNumber);
    }
    expect((await read(lead.id, { 'x-lead-secret': lead.leadSecret })).statusCode).toBe(200);
  });

  it('answers the secret once, to the save that created the lead', async () => {
    const lead = await createLead(ctx.app);

    const changed = await resaveLead(ctx.app, lead);

    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).not.toHaveProperty('leadSecret');
    expect((await read(lead.id)).statusCode).toBe(404);
  });

  it('changes and registers a lead only with its secret', async () => {
    const lead = await createVerifiedLead(ctx.app);
    const change = { ...PERSONAL_DETAILS, ...COMPANY_DETAILS, id: lead.id, phoneNumber: lead.phoneNumber };

    const withoutSecret = await saveLead(ctx.app, change, { headers: {} });
    const registerWithout = await post(ctx.app, '/api/login/auth/register/lead', { leadId: lead.id });

    expect(errorOf(withoutSecret)).toEqual({ status: 404, code: 'lead_not_found', success: false });
    expect(errorOf(registerWithout)).toEqual({ status: 404, code: 'lead_not_found', success: false });
    expect((await saveLead(ctx.app, change)).statusCode).toBe(200);
    const registered = await registerLead(ctx.app, lead.id);
    expect(registered.statusCode).toBe(200);
  });

  it('stops reading at registration', async () => {
    const lead = await leadWithCompany(ctx.app);
    const headers = leadSecretHeader(lead.id);
    expect((await read(lead.id, headers)).statusCode).toBe(200);

    const registered = await post(ctx.app, '/api/login/auth/register/lead', { leadId: lead.id }, { headers });
    expect(registered.statusCode).toBe(200);

    expect(errorOf(await read(lead.id, headers))).toEqual({
      status: 404,
      code: 'lead_not_found',
      success: false,
    });
  });

  it('stops reading 24 hours after the lead last changed', async () => {
    ctx.clock.set('2025-07-01T08:00:00.000Z');
    const lead = await createLead(ctx.app);
    const headers = leadSecretHeader(lead.id);

    ctx.clock.advance(24 * HOUR - 1);
    expect((await read(lead.id, headers)).statusCode).toBe(200);
    ctx.clock.advance(1);
    expect(errorOf(await read(lead.id, headers))).toEqual({
      status: 404,
      code: 'lead_not_found',
      success: false,
    });
  });
});
