import { isRegistrationStepAllowed, REGISTRATION_STEP as STEP } from '@domain/registration';
import {
  type RegistrationInput,
  registrationMachine,
  selectCompanyDefaults,
  selectDraftStartedAt,
  selectLockedCompanyFields,
} from '@machines/registration/registration.machine';
import {
  type Lead,
  type LeadInput,
  lockedCompanyFieldsOf,
  withLockedCompanyFields,
} from '@machines/registration/registration-lead';
import type { Tokens } from '@openapi/schema';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type Deferred, deferred, settle } from './fixtures/deferred';
import { LEAD_ID, PHONE, TOKENS } from './fixtures/otp-sessions';
import {
  COMPANY_VALUES,
  CREATED_AT,
  LEAD_AT,
  leadAt,
  OTHER_LEAD_ID,
  PERSONAL_VALUES,
} from './fixtures/registration-leads';
import { DUPLICATE_EMAIL, REGISTER_REFUSED } from './walks/registration.walks';

interface Call<TInput, TOutput> extends Deferred<TOutput> {
  input: TInput;
}

/** A started registration actor: the stored lead is given, saves and registrations are settled by hand. */
async function startRegistration(input: RegistrationInput, stored: Lead | null = null) {
  const loads: Array<{ leadId: string | null }> = [];
  const saves: Call<LeadInput, Lead>[] = [];
  const registrations: Call<{ leadId: string }, Tokens>[] = [];
  const effects: Array<{ type: string; params?: unknown }> = [];
  const record = (type: string) => (_: unknown, params?: unknown) =>
    effects.push(params === undefined ? { type } : { type, params });
  const machine = registrationMachine.provide({
    actors: {
      loadLead: fromPromise<Lead | null, { leadId: string | null }>(async ({ input: load }) => {
        loads.push(load);
        return stored;
      }),
      saveLead: fromPromise<Lead, LeadInput>(({ input: lead }) => {
        const call = { input: lead, ...deferred<Lead>() };
        saves.push(call);
        return call.promise;
      }),
      registerLead: fromPromise<Tokens, { leadId: string }>(({ input: lead }) => {
        const call = { input: lead, ...deferred<Tokens>() };
        registrations.push(call);
        return call.promise;
      }),
    },
    actions: Object.fromEntries(
      [
        'persistLead',
        'clearLead',
        'startPhoneVerification',
        'navigateToRegister',
        'navigateToVerified',
        'navigateToLogin',
        'navigateHome',
        'signIn',
      ].map((type) => [type, record(type)]),
    ),
  });
  const actor = createActor(machine, { input });
  actor.start();
  await settle();
  const snapshot = () => actor.getSnapshot();
  const effectTypes = () => effects.map((effect) => effect.type);
  return { actor, loads, saves, registrations, effects, effectTypes, snapshot };
}

type Registration = Awaited<ReturnType<typeof startRegistration>>;

async function savePersonal(registration: Registration, answer: Lead) {
  registration.actor.send({ type: 'SUBMIT_PERSONAL', values: PERSONAL_VALUES });
  registration.saves.at(-1)?.resolve(answer);
  await settle();
}

describe('registrationMachine resuming a draft', () => {
  it('offers to resume when a user arriving fresh has a lead in progress, dated by its creation', async () => {
    const registration = await startRegistration(
      { requestedStep: STEP.OTP_VERIFICATION, leadId: LEAD_ID, arrivedFresh: true },
      LEAD_AT.PERSONAL_DETAILS,
    );
    expect(registration.loads).toEqual([{ leadId: LEAD_ID }]);
    expect(registration.snapshot().value).toBe('offeringResume');
    expect(selectDraftStartedAt(registration.snapshot().context)).toBe(CREATED_AT);
  });

  it('goes straight on, without a dialog, for a user inside the flow or without a lead', async () => {
    const inside = await startRegistration({ requestedStep: STEP.COMPANY_DETAILS }, LEAD_AT.OTP_VERIFICATION);
    expect(inside.snapshot().value).toEqual({ companyDetails: 'editing' });
    const noLead = await startRegistration({ arrivedFresh: true }, null);
    expect(noLead.snapshot().value).toEqual({ personalDetails: 'editing' });
    expect(selectDraftStartedAt(noLead.snapshot().context)).toBeNull();
  });

  it('continues to company details once the phone is verified, opening /register/verified', async () => {
    const registration = await startRegistration(
      { requestedStep: STEP.OTP_VERIFICATION, arrivedFresh: true },
      LEAD_AT.OTP_VERIFICATION,
    );
    registration.actor.send({ type: 'CONTINUE' });
    expect(registration.snapshot().value).toEqual({ companyDetails: 'editing' });
    expect(registration.effects).toEqual([{ type: 'navigateToVerified', params: { leadId: LEAD_ID } }]);
  });

  it('continues on the verify screen when the phone is still to verify', async () => {
    const registration = await startRegistration(
      { requestedStep: STEP.OTP_VERIFICATION, arrivedFresh: true },
      LEAD_AT.PERSONAL_DETAILS,
    );
    registration.actor.send({ type: 'CONTINUE' });
    expect(registration.snapshot().value).toBe('verifyingPhone');
    expect(registration.effects).toEqual([]);
  });

  it('continues elsewhere with the saved personal details, to be sent again for a new code', async () => {
    const registration = await startRegistration({ arrivedFresh: true }, LEAD_AT.PERSONAL_DETAILS);
    registration.actor.send({ type: 'CONTINUE' });
    expect(registration.snapshot().value).toEqual({ personalDetails: 'editing' });
    expect(registration.snapshot().context.lead).toEqual(LEAD_AT.PERSONAL_DETAILS);
    expect(registration.effectTypes()).toEqual(['navigateToRegister']);
  });

  it('starts over: clears the saved lead and opens /register', async () => {
    const registration = await startRegistration(
      { requestedStep: STEP.OTP_VERIFICATION, arrivedFresh: true },
      LEAD_AT.OTP_VERIFICATION,
    );
    registration.actor.send({ type: 'START_OVER' });
    expect(registration.snapshot().value).toEqual({ personalDetails: 'editing' });
    expect(registration.snapshot().context.lead).toBeNull();
    expect(registration.effectTypes()).toEqual(['clearLead', 'navigateToRegister']);
  });

  it('closing the dialog keeps the lead and the page the user opened', async () => {
    const registration = await startRegistration(
      { requestedStep: STEP.OTP_VERIFICATION, arrivedFresh: true },
      LEAD_AT.PERSONAL_DETAILS,
    );
    registration.actor.send({ type: 'CLOSE' });
    expect(registration.snapshot().value).toBe('verifyingPhone');
    expect(registration.snapshot().context.lead).toEqual(LEAD_AT.PERSONAL_DETAILS);
    expect(registration.effects).toEqual([]);
  });

  it('treats unreadable storage as no draft', async () => {
    const machine = registrationMachine.provide({
      actors: {
        loadLead: fromPromise<Lead | null, { leadId: string | null }>(async () => {
          throw new Error('lead-storage is unreadable');
        }),
      },
    });
    const actor = createActor(machine, { input: { arrivedFresh: true } }).start();
    await settle();
    expect(actor.getSnapshot().value).toEqual({ personalDetails: 'editing' });
    expect(actor.getSnapshot().context.lead).toBeNull();
  });
});

describe('registrationMachine step guard', () => {
  it('allows at most the current step plus one', () => {
    expect(isRegistrationStepAllowed(STEP.OTP_VERIFICATION, STEP.PERSONAL_DETAILS)).toBe(true);
    expect(isRegistrationStepAllowed(STEP.COMPANY_DETAILS, STEP.PERSONAL_DETAILS)).toBe(false);
  });

  it('does not open company details for a lead whose phone is not verified', async () => {
    const unverified = await startRegistration(
      { requestedStep: STEP.COMPANY_DETAILS, leadId: LEAD_ID },
      LEAD_AT.PERSONAL_DETAILS,
    );
    expect(unverified.snapshot().value).toEqual({ personalDetails: 'editing' });
    expect(unverified.effectTypes()).toEqual(['navigateToRegister']);

    const noLead = await startRegistration({ requestedStep: STEP.COMPANY_DETAILS, leadId: LEAD_ID }, null);
    expect(noLead.snapshot().value).toEqual({ personalDetails: 'editing' });
  });

  it('does not open the verify step without a saved lead', async () => {
    const registration = await startRegistration({ requestedStep: STEP.OTP_VERIFICATION }, null);
    expect(registration.snapshot().value).toEqual({ personalDetails: 'editing' });
    const notSaved = await startRegistration({ requestedStep: STEP.OTP_VERIFICATION }, LEAD_AT.NONE);
    expect(notSaved.snapshot().value).toEqual({ personalDetails: 'editing' });
  });

  it('takes no phone verification before the personal details are saved, nor one of another lead', async () => {
    const registration = await startRegistration({});
    registration.actor.send({ type: 'PHONE_VERIFIED', lead: LEAD_AT.OTP_VERIFICATION });
    expect(registration.snapshot().value).toEqual({ personalDetails: 'editing' });

    await savePersonal(registration, LEAD_AT.PERSONAL_DETAILS);
    registration.actor.send({
      type: 'PHONE_VERIFIED',
      lead: leadAt(STEP.OTP_VERIFICATION, { id: OTHER_LEAD_ID }),
    });
    expect(registration.snapshot().value).toBe('verifyingPhone');
    expect(registration.snapshot().context.lead).toEqual(LEAD_AT.PERSONAL_DETAILS);
  });
});

describe('registrationMachine progression', () => {
  it('saves the personal details and asks for a code when the server keeps the lead at PERSONAL_DETAILS', async () => {
    const registration = await startRegistration({});
    registration.actor.send({
      type: 'SUBMIT_PERSONAL',
      values: { ...PERSONAL_VALUES, firstName: '  דנה ', email: ' dana@example.co.il' },
    });
    expect(registration.snapshot().value).toEqual({ personalDetails: 'savingLead' });
    expect(registration.saves[0]?.input).toEqual({
      ...PERSONAL_VALUES,
      registrationStep: STEP.PERSONAL_DETAILS,
    });
    registration.saves[0]?.resolve(LEAD_AT.PERSONAL_DETAILS);
    await settle();

    expect(registration.snapshot().value).toBe('verifyingPhone');
    expect(registration.effects).toEqual([
      { type: 'persistLead', params: { lead: LEAD_AT.PERSONAL_DETAILS } },
      { type: 'startPhoneVerification', params: { leadId: LEAD_ID, phoneNumber: PHONE } },
    ]);
  });

  it('stores the verified lead at OTP_VERIFICATION and opens /register/verified', async () => {
    const registration = await startRegistration({});
    await savePersonal(registration, LEAD_AT.PERSONAL_DETAILS);
    registration.effects.length = 0;
    // The verify response carried no lead: the flow's own lead moves on.
    registration.actor.send({ type: 'PHONE_VERIFIED', lead: null });

    expect(registration.snapshot().value).toEqual({ companyDetails: 'editing' });
    expect(registration.snapshot().context.lead).toEqual(LEAD_AT.OTP_VERIFICATION);
    expect(registration.effects).toEqual([
      { type: 'persistLead', params: { lead: LEAD_AT.OTP_VERIFICATION } },
      { type: 'navigateToVerified', params: { leadId: LEAD_ID } },
    ]);
  });

  it('reading B: a save answered with OTP_VERIFICATION goes to /register/verified', async () => {
    const registration = await startRegistration({}, LEAD_AT.OTP_VERIFICATION);
    await savePersonal(registration, LEAD_AT.OTP_VERIFICATION);
    expect(registration.saves[0]?.input).toMatchObject({
      id: LEAD_ID,
      registrationStep: STEP.PERSONAL_DETAILS,
    });
    expect(registration.snapshot().value).toEqual({ companyDetails: 'editing' });
    expect(registration.effectTypes()).toEqual(['persistLead', 'navigateToVerified']);
  });

  it('reading A: a save answered with COMPLETED registers the lead, signs in and shows the dialog', async () => {
    const registration = await startRegistration({});
    await savePersonal(registration, LEAD_AT.COMPLETED);
    expect(registration.snapshot().value).toBe('completing');
    expect(registration.registrations.map((call) => call.input)).toEqual([{ leadId: LEAD_ID }]);

    registration.registrations[0]?.resolve(TOKENS);
    await settle();
    expect(registration.snapshot().value).toBe('completed');
    expect(registration.effects.slice(-2)).toEqual([
      { type: 'signIn', params: { tokens: TOKENS } },
      { type: 'clearLead' },
    ]);

    registration.actor.send({ type: 'CLOSE_COMPLETION' });
    expect(registration.snapshot().status).toBe('done');
    expect(registration.effectTypes().at(-1)).toBe('navigateHome');
  });

  it('completes from company details when the server answers COMPANY_DETAILS', async () => {
    const registration = await startRegistration(
      { requestedStep: STEP.COMPANY_DETAILS },
      LEAD_AT.OTP_VERIFICATION,
    );
    registration.actor.send({
      type: 'SUBMIT_COMPANY',
      values: { ...COMPANY_VALUES, position: ' מנהלת נכסים ' },
    });
    expect(registration.saves[0]?.input).toEqual({
      ...PERSONAL_VALUES,
      id: LEAD_ID,
      companyName: COMPANY_VALUES.companyName,
      companyType: COMPANY_VALUES.companyType,
      position: COMPANY_VALUES.position,
      company: { name: COMPANY_VALUES.companyName, companyType: COMPANY_VALUES.companyType },
      registrationStep: STEP.COMPANY_DETAILS,
    });
    registration.saves[0]?.resolve(LEAD_AT.COMPANY_DETAILS);
    await settle();
    expect(registration.snapshot().value).toBe('completing');
  });

  it('refuses to save details that do not pass validation', async () => {
    const registration = await startRegistration({});
    registration.actor.send({
      type: 'SUBMIT_PERSONAL',
      values: { ...PERSONAL_VALUES, acceptedTerms: false },
    });
    registration.actor.send({
      type: 'SUBMIT_PERSONAL',
      values: { ...PERSONAL_VALUES, phoneNumber: '+9721' },
    });
    expect(registration.saves).toHaveLength(0);

    const company = await startRegistration(
      { requestedStep: STEP.COMPANY_DETAILS },
      LEAD_AT.OTP_VERIFICATION,
    );
    company.actor.send({ type: 'SUBMIT_COMPANY', values: { ...COMPANY_VALUES, position: '   ' } });
    expect(company.saves).toHaveLength(0);
  });

  it('lets the details be corrected and saved again while the phone is not verified', async () => {
    const registration = await startRegistration({});
    await savePersonal(registration, LEAD_AT.PERSONAL_DETAILS);
    registration.actor.send({
      type: 'SUBMIT_PERSONAL',
      values: { ...PERSONAL_VALUES, phoneNumber: '+972541234567' },
    });
    expect(registration.snapshot().value).toEqual({ personalDetails: 'savingLead' });
    expect(registration.saves[1]?.input).toMatchObject({ id: LEAD_ID, phoneNumber: '+972541234567' });
  });
});

describe('registrationMachine company lock', () => {
  it('locks the name and type the lead already has and keeps them whatever the form sends', async () => {
    const lead = leadAt(STEP.OTP_VERIFICATION, {
      company: { name: 'נכסי הצפון', companyType: 'development' },
    });
    const registration = await startRegistration({ requestedStep: STEP.COMPANY_DETAILS }, lead);
    const { context } = registration.snapshot();
    expect(selectLockedCompanyFields(context)).toEqual({ companyName: true, companyType: true });
    expect(selectCompanyDefaults(context)).toEqual({
      companyName: 'נכסי הצפון',
      companyType: 'development',
      position: '',
    });

    registration.actor.send({
      type: 'SUBMIT_COMPANY',
      values: { companyName: 'Another name', companyType: 'legal', position: 'CEO' },
    });
    expect(registration.saves[0]?.input).toMatchObject({
      companyName: 'נכסי הצפון',
      companyType: 'development',
      position: 'CEO',
      company: { name: 'נכסי הצפון', companyType: 'development' },
    });
  });

  it('leaves the fields open when the lead has none, and locks each one on its own', () => {
    expect(lockedCompanyFieldsOf(LEAD_AT.OTP_VERIFICATION)).toEqual({
      companyName: false,
      companyType: false,
    });
    expect(lockedCompanyFieldsOf(null)).toEqual({ companyName: false, companyType: false });
    const typeOnly = leadAt(STEP.OTP_VERIFICATION, { companyType: 'legal' });
    expect(lockedCompanyFieldsOf(typeOnly)).toEqual({ companyName: false, companyType: true });
    expect(withLockedCompanyFields(typeOnly, COMPANY_VALUES)).toEqual({
      ...COMPANY_VALUES,
      companyType: 'legal',
    });
  });
});

describe('registrationMachine failures', () => {
  it("stays on the form with the server's message and clears it on the next attempt", async () => {
    const registration = await startRegistration({});
    registration.actor.send({ type: 'SUBMIT_PERSONAL', values: PERSONAL_VALUES });
    registration.saves[0]?.reject(DUPLICATE_EMAIL);
    await settle();
    expect(registration.snapshot().value).toEqual({ personalDetails: 'editing' });
    expect(registration.snapshot().context.error).toEqual({
      message: DUPLICATE_EMAIL.message,
      code: 'conflict',
    });
    expect(registration.effects).toEqual([]);

    registration.actor.send({ type: 'SUBMIT_PERSONAL', values: PERSONAL_VALUES });
    expect(registration.snapshot().context.error).toBeNull();
    // No text to show: the screen falls back to common.error.
    registration.saves[1]?.reject({ status: 500 });
    await settle();
    expect(registration.snapshot().context.error).toEqual({ message: null, code: null });
  });

  it('returns to company details when registering fails, and registers on the next submit', async () => {
    const registration = await startRegistration(
      { requestedStep: STEP.COMPANY_DETAILS },
      LEAD_AT.OTP_VERIFICATION,
    );
    registration.actor.send({ type: 'SUBMIT_COMPANY', values: COMPANY_VALUES });
    registration.saves[0]?.resolve(LEAD_AT.COMPANY_DETAILS);
    await settle();
    registration.registrations[0]?.reject(REGISTER_REFUSED);
    await settle();
    expect(registration.snapshot().value).toEqual({ companyDetails: 'editing' });
    expect(registration.snapshot().context.error?.message).toBe(REGISTER_REFUSED.message);
    expect(registration.effectTypes()).not.toContain('clearLead');
    expect(selectLockedCompanyFields(registration.snapshot().context)).toEqual({
      companyName: true,
      companyType: true,
    });

    registration.actor.send({ type: 'SUBMIT_COMPANY', values: COMPANY_VALUES });
    registration.saves[1]?.resolve(LEAD_AT.COMPLETED);
    await settle();
    expect(registration.registrations).toHaveLength(2);
  });

  it('returns to the details form when registering from /register fails, and registers on the next submit', async () => {
    // A stored lead that already has its company details is registered straight from the details form.
    const registration = await startRegistration({});
    registration.actor.send({ type: 'SUBMIT_PERSONAL', values: PERSONAL_VALUES });
    registration.saves[0]?.resolve(LEAD_AT.COMPANY_DETAILS);
    await settle();
    registration.registrations[0]?.reject(REGISTER_REFUSED);
    await settle();
    expect(registration.snapshot().value).toEqual({ personalDetails: 'editing' });
    expect(registration.snapshot().context.error?.message).toBe(REGISTER_REFUSED.message);
    expect(registration.effectTypes()).not.toContain('navigateToVerified');

    registration.actor.send({ type: 'SUBMIT_PERSONAL', values: PERSONAL_VALUES });
    expect(registration.snapshot().context.error).toBeNull();
    registration.saves[1]?.resolve(LEAD_AT.COMPANY_DETAILS);
    await settle();
    expect(registration.registrations).toHaveLength(2);
  });
});

describe('registrationMachine back button', () => {
  it('goes to /login with the phone from verification and company details, keeping the lead', async () => {
    const verifying = await startRegistration({}, LEAD_AT.PERSONAL_DETAILS);
    await savePersonal(verifying, LEAD_AT.PERSONAL_DETAILS);
    verifying.actor.send({ type: 'BACK' });
    expect(verifying.snapshot().value).toBe('exited');
    expect(verifying.effects.at(-1)).toEqual({ type: 'navigateToLogin', params: { phoneNumber: PHONE } });
    expect(verifying.effectTypes()).not.toContain('clearLead');

    const company = await startRegistration(
      { requestedStep: STEP.COMPANY_DETAILS },
      LEAD_AT.OTP_VERIFICATION,
    );
    company.actor.send({ type: 'BACK' });
    expect(company.snapshot().value).toBe('exited');
    expect(company.effects).toEqual([{ type: 'navigateToLogin', params: { phoneNumber: PHONE } }]);
  });

  it('has no back button on the first step', async () => {
    const registration = await startRegistration({});
    registration.actor.send({ type: 'BACK' });
    expect(registration.snapshot().value).toEqual({ personalDetails: 'editing' });
    expect(registration.effects).toEqual([]);
  });
});
