/**
 * The model walks of the registration machine: one per page the flow can be opened on. The machine
 * test replays them with its own assertions; `npm run test:paths` replays them for the coverage report.
 */

import { REGISTRATION_STEP as STEP } from '@domain/registration';
import {
  type RegistrationContext,
  type RegistrationInput,
  registrationMachine,
} from '@machines/registration/registration.machine';
import type { Lead, LeadInput } from '@machines/registration/registration-lead';
import { expect } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { LEAD_ID, serverError, TOKENS } from '../fixtures/otp-sessions';
import {
  COMPANY_VALUES,
  LEAD_AT,
  leadAt,
  OTHER_LEAD_ID,
  PERSONAL_VALUES,
} from '../fixtures/registration-leads';
import type { EventFixtures, PathReplay } from '../harness/walk-machine';
import { planMachineWalk } from '../harness/walk-machine';

const WITH_COMPANY: Partial<Lead> = {
  companyName: COMPANY_VALUES.companyName,
  position: COMPANY_VALUES.position,
  companyType: COMPANY_VALUES.companyType,
  company: { name: COMPANY_VALUES.companyName, companyType: COMPANY_VALUES.companyType },
};
export const DUPLICATE_EMAIL = serverError('This e-mail address is already registered', 'conflict');
export const REGISTER_REFUSED = serverError('The lead cannot be registered yet', 'conflict');
const STEP_NAMES = new Map<number, string>(Object.entries(STEP).map(([name, value]) => [value, name]));

/** What tells two registration states apart on a walk: the state, the lead's step, a company or not. */
export function registrationStateParts(snapshot: SnapshotFrom<typeof registrationMachine>): unknown[] {
  return [
    snapshot.value,
    snapshot.context.lead?.registrationStep ?? null,
    Boolean(snapshot.context.lead?.companyName),
  ];
}

function describeLead(lead: Lead | null | undefined): string {
  if (!lead) return 'none';
  const other = lead.id === LEAD_ID ? '' : ', other lead';
  return `${STEP_NAMES.get(lead.registrationStep)}${lead.companyName ? '+company' : ''}${other}`;
}

function describeEvent(event: AnyEventObject): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (settled?.[1] === 'done') {
    return `${settled[2]} done(${settled[2] === 'registerLead' ? 'tokens' : describeLead(event.output)})`;
  }
  if (settled) return `${settled[2]} failed`;
  if (event.type === 'PHONE_VERIFIED') return `PHONE_VERIFIED(${describeLead(event.lead)})`;
  return event.type;
}

/** Each walk is one page the flow can be opened on, reached fresh or from inside the flow. */
const WALKS: Array<{ name: string; input: RegistrationInput }> = [
  { name: '/register, inside the flow', input: { requestedStep: STEP.PERSONAL_DETAILS } },
  {
    name: 'verify screen, arrived fresh',
    input: { requestedStep: STEP.OTP_VERIFICATION, leadId: LEAD_ID, arrivedFresh: true },
  },
  {
    name: '/register/verified, arrived fresh',
    input: { requestedStep: STEP.COMPANY_DETAILS, leadId: LEAD_ID, arrivedFresh: true },
  },
  {
    name: '/register/verified, inside the flow',
    input: { requestedStep: STEP.COMPANY_DETAILS, leadId: LEAD_ID },
  },
];

/** What the steps send besides the personal details and the phone's verification (walks and UI walks). */
export const REGISTRATION_STEP_EVENTS = {
  CONTINUE: [{ type: 'CONTINUE' }],
  START_OVER: [{ type: 'START_OVER' }],
  CLOSE: [{ type: 'CLOSE' }],
  BACK: [{ type: 'BACK' }],
  CLOSE_COMPLETION: [{ type: 'CLOSE_COMPLETION' }],
  SUBMIT_COMPANY: [{ type: 'SUBMIT_COMPANY', values: COMPANY_VALUES }],
} satisfies EventFixtures<typeof registrationMachine>;

function planWalk(input: RegistrationInput) {
  return planMachineWalk({
    machine: registrationMachine,
    input,
    events: {
      ...REGISTRATION_STEP_EVENTS,
      SUBMIT_PERSONAL: [{ type: 'SUBMIT_PERSONAL', values: PERSONAL_VALUES }],
      PHONE_VERIFIED: [
        { type: 'PHONE_VERIFIED', lead: LEAD_AT.OTP_VERIFICATION },
        { type: 'PHONE_VERIFIED', lead: null },
        // Refused (another lead's verification), so it adds no edge; kept to prove the graph drops it.
        { type: 'PHONE_VERIFIED', lead: leadAt(STEP.OTP_VERIFICATION, { id: OTHER_LEAD_ID }) },
      ],
    },
    actorOutputs: {
      loadLead: [
        null,
        LEAD_AT.NONE,
        LEAD_AT.PERSONAL_DETAILS,
        LEAD_AT.OTP_VERIFICATION,
        LEAD_AT.COMPANY_DETAILS,
      ],
      // The server decides the step: each answer the flow distinguishes, from either form.
      saveLead: (snapshot) =>
        snapshot.matches('personalDetails')
          ? [LEAD_AT.PERSONAL_DETAILS, LEAD_AT.OTP_VERIFICATION, LEAD_AT.COMPLETED]
          : [
              LEAD_AT.COMPANY_DETAILS,
              leadAt(STEP.OTP_VERIFICATION, WITH_COMPANY),
              leadAt(STEP.PERSONAL_DETAILS, WITH_COMPANY),
            ],
      registerLead: [TOKENS],
    },
    actorErrors: {
      loadLead: [new Error('lead-storage is unreadable')],
      saveLead: [DUPLICATE_EMAIL],
      registerLead: [REGISTER_REFUSED],
    },
    contextThatMatters: (context: RegistrationContext) => context,
    serializeState: (snapshot) => JSON.stringify(registrationStateParts(snapshot)),
    // Simple paths run to thousands per walk here; edge paths still take every transition once.
    generators: ['shortest', 'edge'],
    describeEvent,
  });
}

/** Every walk, planned: one per entry page. */
export function planRegistrationWalks() {
  return WALKS.map((walk) => ({
    name: walk.name,
    walk: planWalk(walk.input),
    check: (replay: PathReplay<typeof registrationMachine>) => expectConsistentFlow(replay),
  }));
}

/** What any path must leave behind: no skipped step, storage that matches the flow, honest navigation. */
export function expectConsistentFlow(replay: PathReplay<typeof registrationMachine>) {
  const { value, context } = replay.finalSnapshot;
  let stored: Lead | null | 'untouched' = 'untouched';
  for (const action of replay.actions) {
    const params = action.params as Record<string, unknown>;
    if (action.type === 'persistLead') stored = params.lead as Lead;
    if (action.type === 'clearLead') stored = null;
    if (action.type === 'navigateToVerified' || action.type === 'startPhoneVerification') {
      expect(params.leadId).toBe(LEAD_ID);
    }
    if (action.type === 'signIn') expect(params.tokens).toEqual(TOKENS);
  }
  const top = typeof value === 'string' ? value : Object.keys(value)[0];
  if (top === 'companyDetails' || top === 'completing') {
    expect(context.lead?.registrationStep).toBeGreaterThanOrEqual(STEP.OTP_VERIFICATION);
  }
  if (top === 'verifyingPhone') expect(context.lead).not.toBeNull();
  if (top === 'completed' || top === 'finished') {
    expect(stored).toBeNull();
    expect(replay.actions.map((action) => action.type)).toContain('signIn');
  } else if (stored !== 'untouched') {
    expect(stored).toEqual(context.lead);
  }
  for (const invocation of replay.invocations) {
    if (invocation.src !== 'saveLead') continue;
    const input = invocation.input as LeadInput;
    if (input.registrationStep === STEP.COMPANY_DETAILS) {
      // Name and type the lead already had are never replaced by the form.
      expect(input.company).toEqual({ name: input.companyName, companyType: input.companyType });
    }
  }
}
