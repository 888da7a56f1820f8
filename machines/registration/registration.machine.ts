/**
 * The registration flow (spec 2 "Registration", 4 "Registration progression" and "Verify"): personal
 * details, phone verification, company details, completion.
 *
 * - `checkingDraft` loads the lead in progress (`loadLead`: lead-storage, or the lead of the URL). A
 *   lead met by a user who arrived fresh (reload, link, new tab) opens `offeringResume`: CONTINUE goes
 *   to the step the lead is at, START_OVER clears it and opens /register, CLOSE keeps it and stays on
 *   the page the user opened. Otherwise `choosingStep` shows that page's step, if the lead allows it.
 * - `personalDetails`: SUBMIT_PERSONAL saves the lead (`savingLead`, `saveLead`); the server decides
 *   the step it returns, and the flow follows it: COMPANY_DETAILS or COMPLETED → `completing`;
 *   OTP_VERIFICATION → /register/verified and `companyDetails` (reading B); PERSONAL_DETAILS →
 *   `verifyingPhone`, where the app runs the OTP flow (reading A).
 * - `verifyingPhone` waits for PHONE_VERIFIED, sent by the verify screen once its OTP flow verified;
 *   the lead is stored again with step OTP_VERIFICATION and /register/verified opens.
 * - `companyDetails`: SUBMIT_COMPANY saves again (name and type stay as the lead has them, when it
 *   has them); COMPANY_DETAILS or COMPLETED → `completing`.
 * - `completing` registers the lead (`registerLead`): the user is signed in, the stored lead cleared,
 *   and `completed` shows the completion dialog; CLOSE_COMPLETION goes to /.
 * - BACK (the back button shown from step 2 on) goes to /login?phone= and ends the flow; the stored
 *   lead stays, so a later visit offers to resume it.
 *
 * A client step change is allowed only up to the current step plus one (`isStepAllowed`, spec 4); the
 * server's answer to a save is authoritative. Save and register failures stay on the form with the
 * server's message (the screen falls back to common.error).
 */

import { validateCompanyDetails, validatePersonalDetails } from '@domain/auth-validation';
import { isRegistrationStepAllowed, REGISTRATION_STEP, type RegistrationStep } from '@domain/registration';
import type { Tokens } from '@openapi/schema';
import { and, assign, fromPromise, setup } from 'xstate';
import type { HebrewMeta } from '../machine-text';
import { readServerError, type ServerError } from '../otp/server-error';
import {
  type CompanyDetails,
  companyDefaultsOf,
  companyLeadInput,
  currentStepOf,
  hasReachedStep,
  type Lead,
  type LeadInput,
  lockedCompanyFieldsOf,
  type PersonalDetails,
  personalLeadInput,
  type RegistrationScreenStep,
  withVerifiedPhone,
} from './registration-lead';

export interface RegistrationContext {
  /** The step of the page the flow was opened on. */
  requestedStep: RegistrationScreenStep;
  /** The lead id of the URL (lead=, l=), handed to `loadLead`. */
  leadId: string | null;
  arrivedFresh: boolean;
  lead: Lead | null;
  error: ServerError | null;
  /** The form whose save led to registering: a failed registration returns there. */
  registeringFrom: RegistrationForm | null;
}

/** The two forms of the flow; each saves the lead and may lead to registering it. */
export type RegistrationForm = 'personalDetails' | 'companyDetails';

export interface RegistrationInput {
  /** /register → PERSONAL_DETAILS (default), verify screen → OTP_VERIFICATION, /register/verified → COMPANY_DETAILS. */
  requestedStep?: RegistrationScreenStep;
  leadId?: string | null;
  /** True when the page was opened directly (reload, link, new tab), not reached inside the flow. */
  arrivedFresh?: boolean;
}

export type RegistrationEvent =
  | { type: 'CONTINUE' }
  | { type: 'START_OVER' }
  | { type: 'CLOSE' }
  | { type: 'SUBMIT_PERSONAL'; values: PersonalDetails }
  /** The verified lead from the verify response; null when it carried none (the flow's lead is used). */
  | { type: 'PHONE_VERIFIED'; lead: Lead | null }
  | { type: 'SUBMIT_COMPANY'; values: CompanyDetails }
  | { type: 'BACK' }
  | { type: 'CLOSE_COMPLETION' };

export interface LoadLeadInput {
  leadId: string | null;
}

/** States past loading always hold a lead where they use one; reaching them without is a modelling bug. */
function savedLead(context: RegistrationContext): Lead {
  if (!context.lead) throw new Error('registration machine: this state has no lead');
  return context.lead;
}

function verifiedLead(context: RegistrationContext, eventLead: Lead | null): Lead {
  const lead = eventLead ?? context.lead;
  if (!lead) throw new Error('registration machine: PHONE_VERIFIED without a lead');
  return withVerifiedPhone(lead);
}

/** The saving states are entered only by their form's submit; anything else is a modelling bug. */
function personalValuesOf(event: RegistrationEvent): PersonalDetails {
  if (event.type !== 'SUBMIT_PERSONAL')
    throw new Error(`registration machine: saving personal details on ${event.type}`);
  return event.values;
}

function companyValuesOf(event: RegistrationEvent): CompanyDetails {
  if (event.type !== 'SUBMIT_COMPANY')
    throw new Error(`registration machine: saving company details on ${event.type}`);
  return event.values;
}

const STEP = REGISTRATION_STEP;

/** A failed request's error, kept for the form to show (readServerError picks the server's message). */
const showServerError = {
  type: 'assignError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

/** A form's save refused or unreachable: the same form again, with the message; both forms alike. */
const saveFailed = {
  target: 'editing',
  description: 'Saving failed: the form shows the server’s message.',
  meta: { he: 'השמירה נכשלה: הטופס מציג את הודעת השרת.' },
  actions: showServerError,
} as const;

export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
    meta: {} as HebrewMeta,
  },
  actors: {
    loadLead: fromPromise<Lead | null, LoadLeadInput>(async () => null),
    saveLead: fromPromise<Lead, LeadInput>(async () => {
      throw new Error('registration machine: saveLead is not provided');
    }),
    registerLead: fromPromise<Tokens, { leadId: string }>(async () => {
      throw new Error('registration machine: registerLead is not provided');
    }),
  },
  actions: {
    /** Writes lead-storage. */
    persistLead: (_, _params: { lead: Lead }) => {},
    /** Clears lead-storage. */
    clearLead: () => {},
    /** Starts the OTP flow for the registration process (send, toast, then the verify screen). */
    startPhoneVerification: (_, _params: { leadId: string; phoneNumber: string }) => {},
    navigateToRegister: () => {},
    /** /register/verified?l={leadId} */
    navigateToVerified: (_, _params: { leadId: string }) => {},
    /** /login?phone={phoneNumber} */
    navigateToLogin: (_, _params: { phoneNumber: string | null }) => {},
    navigateHome: () => {},
    /** Hands the tokens of the new account to the auth machine (LOGIN). */
    signIn: (_, _params: { tokens: Tokens }) => {},
    assignLead: assign((_, params: { lead: Lead | null }) => ({ lead: params.lead })),
    assignError: assign((_, params: { error: unknown }) => ({ error: readServerError(params.error) })),
    clearError: assign({ error: null }),
    assignRegisteringFrom: assign((_, params: { form: RegistrationForm }) => ({
      registeringFrom: params.form,
    })),
  },
  guards: {
    /** A lead in progress met by a user who arrived fresh: they choose whether to resume it. */
    isDraftToOffer: ({ context }, params: { lead: Lead | null }) =>
      params.lead !== null && context.arrivedFresh,
    isRequestedStep: ({ context }, params: { step: RegistrationScreenStep }) =>
      context.requestedStep === params.step,
    /** Spec 4: at most the current step plus one; a step past personal details needs a saved lead. */
    isStepAllowed: ({ context }, params: { step: RegistrationStep }) =>
      isRegistrationStepAllowed(params.step, currentStepOf(context.lead)) &&
      (params.step <= STEP.PERSONAL_DETAILS || context.lead !== null),
    hasReachedStep: ({ context }, params: { step: RegistrationStep }) =>
      hasReachedStep(context.lead, params.step),
    isSavedAtLeast: (_, params: { lead: Lead; step: RegistrationStep }) =>
      hasReachedStep(params.lead, params.step),
    arePersonalDetailsValid: ({ event }) =>
      event.type === 'SUBMIT_PERSONAL' && Object.keys(validatePersonalDetails(event.values)).length === 0,
    areCompanyDetailsValid: ({ event }) =>
      event.type === 'SUBMIT_COMPANY' && Object.keys(validateCompanyDetails(event.values)).length === 0,
    isRegisteringFrom: ({ context }, params: { form: RegistrationForm }) =>
      context.registeringFrom === params.form,
    /** A verification of another lead (a stale tab) must not advance this one. */
    isVerificationOfThisLead: ({ context, event }) =>
      event.type === 'PHONE_VERIFIED' &&
      (event.lead ?? context.lead) !== null &&
      (event.lead === null || context.lead === null || event.lead.id === context.lead.id),
  },
}).createMachine({
  id: 'registration',
  initial: 'checkingDraft',
  context: ({ input }) => ({
    requestedStep: input?.requestedStep ?? STEP.PERSONAL_DETAILS,
    leadId: input?.leadId ?? null,
    arrivedFresh: input?.arrivedFresh ?? false,
    lead: null,
    error: null,
    registeringFrom: null,
  }),
  states: {
    checkingDraft: {
      description:
        'The app looks for a registration in progress (saved in this browser, or the one in the link).',
      meta: { he: 'האפליקציה מחפשת הרשמה שהתחילה (שמורה בדפדפן, או זו שבקישור).' },
      invoke: {
        id: 'loadLead',
        src: 'loadLead',
        input: ({ context }) => ({ leadId: context.leadId }),
        onDone: [
          {
            guard: { type: 'isDraftToOffer', params: ({ event }) => ({ lead: event.output }) },
            target: 'offeringResume',
            actions: { type: 'assignLead', params: ({ event }) => ({ lead: event.output }) },
            description:
              'A registration in progress was found and the user just arrived: offer to resume it.',
            meta: { he: 'נמצאה הרשמה שהתחילה, והעמוד נפתח עכשיו: מציעים להמשיך אותה.' },
          },
          {
            target: 'choosingStep',
            actions: { type: 'assignLead', params: ({ event }) => ({ lead: event.output }) },
            description: 'Nothing to offer: go to the page the user opened.',
            meta: { he: 'אין מה להציע: עוברים לעמוד שנפתח.' },
          },
        ],
        // Unreadable storage or an unknown lead is no draft, not a dead end.
        onError: {
          target: 'choosingStep',
          description: 'The registration could not be read: treat it as none.',
          meta: { he: 'לא ניתן לקרוא את ההרשמה: ממשיכים כאילו אין.' },
        },
      },
    },
    offeringResume: {
      description: 'A dialog asks whether to continue the registration or start over.',
      meta: { he: 'חלון שואל אם להמשיך את ההרשמה או להתחיל מחדש.' },
      on: {
        CONTINUE: { target: 'resuming' },
        START_OVER: {
          target: 'personalDetails',
          actions: ['clearLead', { type: 'assignLead', params: { lead: null } }, 'navigateToRegister'],
        },
        // Closing decides nothing: the lead is kept and the page the user opened stays.
        CLOSE: { target: 'choosingStep' },
      },
    },
    /** The page the user opened, when the lead allows it; otherwise where the lead is. */
    choosingStep: {
      description: 'The app picks the step to show: the page opened, if the registration allows it.',
      meta: { he: 'האפליקציה בוחרת את השלב להצגה: העמוד שנפתח, אם ההרשמה מאפשרת זאת.' },
      always: [
        {
          guard: and([
            { type: 'isRequestedStep', params: { step: STEP.COMPANY_DETAILS } },
            { type: 'isStepAllowed', params: { step: STEP.COMPANY_DETAILS } },
          ]),
          target: 'companyDetails',
          description: 'The company details page was opened and the registration has reached it: show it.',
          meta: { he: 'נפתח עמוד פרטי החברה וההרשמה הגיעה אליו: מציגים אותו.' },
        },
        {
          guard: and([
            { type: 'isRequestedStep', params: { step: STEP.OTP_VERIFICATION } },
            { type: 'isStepAllowed', params: { step: STEP.OTP_VERIFICATION } },
          ]),
          target: 'verifyingPhone',
          description: 'The code screen was opened and the registration has reached it: verify the phone.',
          meta: { he: 'נפתח מסך הקוד וההרשמה הגיעה אליו: מאמתים את הטלפון.' },
        },
        {
          guard: { type: 'isRequestedStep', params: { step: STEP.PERSONAL_DETAILS } },
          target: 'personalDetails',
          description: 'The registration page was opened: show the personal details.',
          meta: { he: 'נפתח עמוד ההרשמה: מציגים את הפרטים האישיים.' },
        },
        {
          target: 'resuming',
          description: 'The page opened is too far ahead: go where the registration is.',
          meta: { he: 'העמוד שנפתח מתקדם מדי: עוברים לשלב שבו נמצאת ההרשמה.' },
        },
      ],
    },
    /** Where the lead is: company details once the phone is verified, else its verify screen or /register. */
    resuming: {
      description: 'The app goes to the step the registration is at.',
      meta: { he: 'האפליקציה עוברת לשלב שבו נמצאת ההרשמה.' },
      always: [
        {
          guard: { type: 'hasReachedStep', params: { step: STEP.OTP_VERIFICATION } },
          target: 'companyDetails',
          description: 'The phone is verified already: continue with the company details.',
          meta: { he: 'הטלפון כבר אומת: ממשיכים לפרטי החברה.' },

          actions: {
            type: 'navigateToVerified',
            params: ({ context }) => ({ leadId: savedLead(context).id }),
          },
        },
        {
          // On the verify screen with a lead still to verify: its code session is on screen already.
          guard: and([
            { type: 'isRequestedStep', params: { step: STEP.OTP_VERIFICATION } },
            { type: 'isStepAllowed', params: { step: STEP.OTP_VERIFICATION } },
          ]),
          target: 'verifyingPhone',
          description: 'On the code screen with a phone still to verify: verify it here.',
          meta: { he: 'במסך הקוד עם טלפון שעוד לא אומת: מאמתים אותו כאן.' },
        },
        {
          target: 'personalDetails',
          actions: 'navigateToRegister',
          description: 'Otherwise start with the personal details.',
          meta: { he: 'אחרת מתחילים בפרטים האישיים.' },
        },
      ],
    },
    personalDetails: {
      description: 'Step 1: the personal details form.',
      meta: { he: 'שלב 1: טופס הפרטים האישיים.' },
      initial: 'editing',
      states: {
        editing: {
          description: 'The user fills in name, phone and email.',
          meta: { he: 'ממלאים שם, טלפון ודוא"ל.' },
          on: {
            SUBMIT_PERSONAL: {
              guard: 'arePersonalDetailsValid',
              target: 'savingLead',
              actions: 'clearError',
              description: 'The details are valid: save them.',
              meta: { he: 'הפרטים תקינים: שומרים אותם.' },
            },
          },
        },
        savingLead: {
          description: 'The personal details are being saved.',
          meta: { he: 'הפרטים האישיים נשמרים.' },
          invoke: {
            id: 'saveLead',
            src: 'saveLead',
            input: ({ context, event }) => personalLeadInput(context.lead, personalValuesOf(event)),
            onDone: afterSave('personalDetails'),
            onError: saveFailed,
          },
        },
      },
    },
    verifyingPhone: {
      description: 'Step 2: a code was sent to the phone and the code screen waits for it.',
      meta: { he: 'שלב 2: נשלח קוד לטלפון ומסך הקוד ממתין לו.' },
      on: {
        PHONE_VERIFIED: {
          guard: and([
            'isVerificationOfThisLead',
            { type: 'isStepAllowed', params: { step: STEP.OTP_VERIFICATION } },
          ]),
          target: 'companyDetails',
          description: 'This registration’s phone was verified: save that and open the company details.',
          meta: { he: 'הטלפון של ההרשמה הזו אומת: שומרים זאת ופותחים את פרטי החברה.' },

          actions: [
            {
              type: 'assignLead',
              params: ({ context, event }) => ({ lead: verifiedLead(context, event.lead) }),
            },
            { type: 'persistLead', params: ({ context }) => ({ lead: savedLead(context) }) },
            { type: 'navigateToVerified', params: ({ context }) => ({ leadId: savedLead(context).id }) },
          ],
        },
        // Until the phone is verified the details can be corrected and saved again (say, a wrong number).
        SUBMIT_PERSONAL: {
          guard: 'arePersonalDetailsValid',
          target: '#registration.personalDetails.savingLead',
          actions: 'clearError',
          description: 'Corrected personal details are valid: save them again.',
          meta: { he: 'הפרטים האישיים המתוקנים תקינים: שומרים אותם שוב.' },
        },
        BACK: {
          target: 'exited',
          actions: {
            type: 'navigateToLogin',
            params: ({ context }) => ({ phoneNumber: context.lead?.phoneNumber ?? null }),
          },
        },
      },
    },
    companyDetails: {
      description: 'Step 3: the company details form.',
      meta: { he: 'שלב 3: טופס פרטי החברה.' },
      initial: 'editing',
      states: {
        editing: {
          description: 'The user fills in the company details.',
          meta: { he: 'ממלאים את פרטי החברה.' },
          on: {
            SUBMIT_COMPANY: {
              guard: and([
                'areCompanyDetailsValid',
                { type: 'isStepAllowed', params: { step: STEP.COMPANY_DETAILS } },
              ]),
              target: 'savingLead',
              actions: 'clearError',
              description: 'The company details are valid and the phone is verified: save them.',
              meta: { he: 'פרטי החברה תקינים והטלפון אומת: שומרים אותם.' },
            },
            BACK: {
              target: '#registration.exited',
              actions: {
                type: 'navigateToLogin',
                params: ({ context }) => ({ phoneNumber: context.lead?.phoneNumber ?? null }),
              },
            },
          },
        },
        savingLead: {
          description: 'The company details are being saved.',
          meta: { he: 'פרטי החברה נשמרים.' },
          invoke: {
            id: 'saveLead',
            src: 'saveLead',
            input: ({ context, event }) => companyLeadInput(savedLead(context), companyValuesOf(event)),
            onDone: afterSave('companyDetails'),
            onError: saveFailed,
          },
        },
      },
    },
    completing: {
      description: 'The account is being created from the registration.',
      meta: { he: 'החשבון נוצר מתוך ההרשמה.' },
      invoke: {
        id: 'registerLead',
        src: 'registerLead',
        input: ({ context }) => ({ leadId: savedLead(context).id }),
        onDone: {
          target: 'completed',
          description: 'The account was created: the user is signed in.',
          meta: { he: 'החשבון נוצר: נכנסים למערכת.' },

          actions: [{ type: 'signIn', params: ({ event }) => ({ tokens: event.output }) }, 'clearLead'],
        },
        // Back to the form the user submitted, with the error: a stored lead that already had its company
        // details is registered straight from /register, and that form must be able to try again.
        onError: [
          {
            guard: { type: 'isRegisteringFrom', params: { form: 'personalDetails' } },
            target: '#registration.personalDetails.editing',
            actions: showServerError,
            description:
              'Creating the account failed after the personal details: back to that form, with the message.',
            meta: { he: 'יצירת החשבון נכשלה אחרי הפרטים האישיים: חוזרים לטופס הזה, עם ההודעה.' },
          },
          {
            target: 'companyDetails',
            actions: showServerError,
            description: 'Creating the account failed: back to the company details, with the message.',
            meta: { he: 'יצירת החשבון נכשלה: חוזרים לפרטי החברה, עם ההודעה.' },
          },
        ],
      },
    },
    completed: {
      description: 'The “registration complete” dialog shows.',
      meta: { he: 'מוצג חלון סיום ההרשמה.' },
      on: { CLOSE_COMPLETION: { target: 'finished', actions: 'navigateHome' } },
    },
    finished: {
      type: 'final',
      description: 'Registered: the home page opens.',
      meta: { he: 'ההרשמה הושלמה: נפתח דף הבית.' },
    },
    exited: {
      type: 'final',
      description: 'The user left for the login screen; the registration is kept to resume later.',
      meta: { he: 'עברו למסך הכניסה; ההרשמה נשמרת להמשך.' },
    },
  },
});

/**
 * Where a save leads, by the step the server returned: everything there → register it; phone verified →
 * company details; otherwise a code is needed. The same for both forms, so a server that moves the lead
 * (say, back to verification after a phone change) is followed from either.
 */
function afterSave(form: RegistrationForm) {
  return [
    {
      guard: {
        type: 'isSavedAtLeast',
        params: ({ event }: { event: { output: Lead } }) => ({
          lead: event.output,
          step: STEP.COMPANY_DETAILS,
        }),
      },
      target: '#registration.completing',
      description: 'The server says everything needed is saved: create the account.',
      meta: { he: 'השרת מאשר שכל הנדרש נשמר: יוצרים את החשבון.' },

      actions: [
        { type: 'assignLead', params: ({ event }: { event: { output: Lead } }) => ({ lead: event.output }) },
        { type: 'persistLead', params: ({ event }: { event: { output: Lead } }) => ({ lead: event.output }) },
        { type: 'assignRegisteringFrom', params: { form } },
      ],
    },
    {
      guard: {
        type: 'isSavedAtLeast',
        params: ({ event }: { event: { output: Lead } }) => ({
          lead: event.output,
          step: STEP.OTP_VERIFICATION,
        }),
      },
      target: '#registration.companyDetails',
      description: 'Saved, and the phone is verified already: continue with the company details.',
      meta: { he: 'נשמר, והטלפון כבר אומת: ממשיכים לפרטי החברה.' },

      actions: [
        { type: 'assignLead', params: ({ event }: { event: { output: Lead } }) => ({ lead: event.output }) },
        { type: 'persistLead', params: ({ event }: { event: { output: Lead } }) => ({ lead: event.output }) },
        {
          type: 'navigateToVerified',
          params: ({ event }: { event: { output: Lead } }) => ({ leadId: event.output.id }),
        },
      ],
    },
    {
      target: '#registration.verifyingPhone',
      description: 'Saved: a code is sent to verify the phone.',
      meta: { he: 'נשמר: נשלח קוד לאימות הטלפון.' },

      actions: [
        { type: 'assignLead', params: ({ event }: { event: { output: Lead } }) => ({ lead: event.output }) },
        { type: 'persistLead', params: ({ event }: { event: { output: Lead } }) => ({ lead: event.output }) },
        {
          type: 'startPhoneVerification',
          params: ({ event }: { event: { output: Lead } }) => ({
            leadId: event.output.id,
            phoneNumber: event.output.phoneNumber,
          }),
        },
      ],
    },
  ] as const;
}

export type RegistrationMachine = typeof registrationMachine;

/** Spec 2: the company form locks name and type the lead already has. Derived, never stored. */
export function selectLockedCompanyFields(context: RegistrationContext) {
  return lockedCompanyFieldsOf(context.lead);
}

/** The company form's starting values. */
export function selectCompanyDefaults(context: RegistrationContext) {
  return companyDefaultsOf(context.lead);
}

/** The draft start date the resume dialog shows: when the lead was first saved (ISO date-time). */
export function selectDraftStartedAt(context: RegistrationContext): string | null {
  return context.lead?.createdAt ?? null;
}
