/**
 * The six-step property wizard (spec 2 "Property wizard", 4 "Wizard", 5 "Wizard step validity", 8, 9).
 *
 * - `loading` picks the source. A new property (`mode: 'create'`) reads the local draft
 *   (`loadLocalDraft`); a stored one (`'resume'` from the drafts list, `'edit'`) is fetched
 *   (`loadProperty`), then its local draft is read too, so a reload never loses what was typed.
 *   A draft worth offering → `offeringDraft` (or straight back to it with `takeLocalDraft`, when the
 *   browser returns to a wizard page this tab had open); none (or unreadable storage) → `editing`;
 *   a failed fetch → `loadFailed` (RETRY).
 * - `offeringDraft`: RESUME_DRAFT takes the local draft (form, step, start date); START_FRESH
 *   discards it and keeps the empty form (new property) or the server copy (stored property).
 * - `editing` is parallel:
 *   - region `steps`: the six steps as states (kind, generalInfo, buildingDetails,
 *     environmentTransport, mediaDocuments, review). NEXT moves on when the domain's `canGoNext`
 *     allows; BACK moves back (on the first step it leaves for the list, through `closing` when a
 *     change is not yet written); GO_TO_STEP goes back to any step, or forward through valid steps up
 *     to the furthest reached. Each step's number is kept in context too: the local draft and the
 *     server store it, so a draft reopens where it was left.
 *   - region `autosave`: a change waits 500 ms (`autosaveDebounce`, restarted by every change, so a
 *     burst saves once), then `saveLocalDraft` writes, then `simulatedSave` (200 ms) keeps "saving"
 *     visible before "saved". A step change and FLUSH (the tab is hidden) write at once.
 *   - region `serverSave`: SAVE stores the draft on the server (`saveServerDraft`: create the first
 *     time, with the draft's idempotency key, then update the same id), or says there is nothing new.
 *     Every stored save tells the app the draft's id (`showDraftAddress`), so the address carries it.
 *   Form events (EDIT, SET_KIND, files) mark the draft unsaved locally and on the server.
 * - PUBLISH on the review step when `canPublish` → `publishing` (`publishProperty`) → `published`
 *   (the local draft cleared, the list told, back to the list), or back to the review step with the error.
 * - CLEAR empties the form, back to the first step.
 *
 * Every side effect is a named action or actor with an inert default; the app supplies the real ones
 * through `propertyWizardMachine.provide()`. The clock is the `now` input.
 */

import { createEmptyPropertyForm, fromProperty, type PropertyForm } from '@domain/property-form';
import type { PropertyStatus } from '@domain/property-options';
import { canGoNext, canPublish } from '@domain/wizard-rules';
import {
  clampWizardStep,
  FIRST_WIZARD_STEP,
  LAST_WIZARD_STEP,
  WIZARD_STEPS,
  type WizardStep,
  type WizardStepId,
} from '@domain/wizard-steps';
import type { Property } from '@openapi/schema';
import { and, assign, fromPromise, not, raise, setup, stateIn } from 'xstate';
import { applyFormEvent, type FormEvent, isFormEvent } from './form-events';
import {
  draftSteps,
  isResumableDraft,
  LOCAL_DRAFT_VERSION,
  type LocalDraft,
  type LocalDraftKey,
  toLocalDraftForm,
} from './local-draft';

/** Spec 9: autosave runs 500 ms after the last change... */
export const AUTOSAVE_DEBOUNCE_MS = 500;
/** ...and the spec's simulated save takes 200 ms; kept as the least time "saving" is shown. */
export const SIMULATED_SAVE_MS = 200;

export type WizardMode = 'create' | 'resume' | 'edit';

export type PropertyWizardInput = (
  | { mode: 'create' }
  /** A draft from the list: reopens at its saved step. */
  | { mode: 'resume'; propertyId: string }
  /** An existing (published) property: opens on the review step. */
  | { mode: 'edit'; propertyId: string }
) & {
  /** Epoch milliseconds; defaults to `Date.now`. */
  now?: () => number;
  /**
   * The browser came back to a wizard page this tab had open (history back or forward): its local
   * draft is taken without asking, as if the page had never been left.
   */
  takeLocalDraft?: boolean;
  /** The idempotency key of a new draft's first server save; defaults to a random UUID. */
  draftKey?: string;
};

/** An error as the screens need it: the server's human message and its stable code, if any. */
export interface WizardError {
  message: string;
  code: string | null;
}

export interface PropertyWizardContext {
  mode: WizardMode;
  takeLocalDraft: boolean;
  /**
   * Sent with the create of a new property, so two saves of one draft (a lost answer retried, a
   * second tab) make one property on the server. Kept in the local draft.
   */
  draftKey: string;
  form: PropertyForm;
  step: WizardStep;
  /** The furthest step reached; GO_TO_STEP goes no further. */
  furthestStep: WizardStep;
  /** The property's id on the server; null until the first server save of a new property. */
  serverId: string | null;
  /** 'published' once loaded as published or after publishing; SAVE and CLEAR are for drafts only. */
  status: PropertyStatus;
  /** Changed since the last local write started (a failed write sets it back). */
  unsavedLocal: boolean;
  /** Changed since the last server save started (a failed save sets it back). */
  unsavedServer: boolean;
  /** Epoch ms of the last successful local write (or the stored property's last update). */
  lastSavedAt: number | null;
  /** Epoch ms the draft was started (first change, or the stored property's creation). */
  draftStartedAt: number | null;
  /** The local draft `offeringDraft` proposes. */
  offeredDraft: LocalDraft | null;
  loadError: WizardError | null;
  publishError: WizardError | null;
  now: () => number;
}

export type PropertyWizardEvent =
  | { type: 'RESUME_DRAFT' }
  | { type: 'START_FRESH' }
  | { type: 'RETRY' }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  /** The review page's edit links (and a stepper): any step back, forward only through valid steps. */
  | { type: 'GO_TO_STEP'; step: number }
  | FormEvent
  /** Manual save: store the draft on the server. */
  | { type: 'SAVE' }
  /** Write the local draft now (the app sends it when the document becomes hidden). */
  | { type: 'FLUSH' }
  | { type: 'CLEAR' }
  | { type: 'PUBLISH' };

/** Raised by the machine itself after a form change; not for callers. */
export type PropertyWizardInternalEvent = { type: 'SCHEDULE_AUTOSAVE' };

export interface SaveLocalDraftInput extends LocalDraftKey {
  draft: LocalDraft;
}

/**
 * Server calls: `propertyId` null → create, else update that property. The app sends
 * `toPropertyInput(form, { status, wizardStep, purpose })` and uploads the files of descriptors
 * not yet `stored` (create-with-files when any, or the property's files endpoint on update).
 */
export interface SavePropertyInput {
  propertyId: string | null;
  form: PropertyForm;
  wizardStep: WizardStep;
  /** For a create: the server answers a repeat of this key with the property it already made. */
  idempotencyKey: string;
}

export function toWizardError(error: unknown): WizardError {
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error';
  const code =
    typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
      ? (error as { code: string }).code
      : null;
  return { message, code };
}

function localDraftInput(context: PropertyWizardContext): SaveLocalDraftInput {
  const savedAt = context.now();
  return {
    propertyId: context.serverId,
    draft: {
      version: LOCAL_DRAFT_VERSION,
      form: toLocalDraftForm(context.form),
      step: context.step,
      furthestStep: context.furthestStep,
      startedAt: context.draftStartedAt ?? savedAt,
      savedAt,
      unsavedServer: context.unsavedServer,
      draftKey: context.draftKey,
    },
  };
}

function serverInput(context: PropertyWizardContext): SavePropertyInput {
  return {
    propertyId: context.serverId,
    form: context.form,
    wizardStep: context.step,
    idempotencyKey: context.draftKey,
  };
}

function parseTime(value: string): number | null {
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** Every later step answered so far permits moving on: a forward jump is a run of NEXTs. */
function canReach(context: PropertyWizardContext, target: number): boolean {
  if (!Number.isInteger(target) || target < FIRST_WIZARD_STEP || target > context.furthestStep) return false;
  if (target === context.step) return false;
  for (let step = context.step; step < target; step++) if (!canGoNext(step, context.form)) return false;
  return true;
}

/** 128 random bits as hex. getRandomValues, unlike randomUUID, also works on a page served over plain http. */
function randomDraftKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function initialContext(input: PropertyWizardInput): PropertyWizardContext {
  return {
    mode: input.mode,
    takeLocalDraft: input.takeLocalDraft ?? false,
    draftKey: input.draftKey ?? randomDraftKey(),
    form: createEmptyPropertyForm(),
    step: FIRST_WIZARD_STEP,
    furthestStep: FIRST_WIZARD_STEP,
    serverId: input.mode === 'create' ? null : input.propertyId,
    status: 'draft',
    unsavedLocal: false,
    unsavedServer: false,
    lastSavedAt: null,
    draftStartedAt: null,
    offeredDraft: null,
    loadError: null,
    publishError: null,
    now: input.now ?? Date.now,
  };
}

const AUTOSAVE = '#propertyWizard.editing.autosave';

/** A form event is kept in the form and saved in this browser after the autosave's pause. */
const keepAndAutosave = ['recordFormEvent', 'scheduleAutosave'] as const;

/** This property's local draft is dropped (the new property's slot while it has no id). */
const clearThisLocalDraft = {
  type: 'clearLocalDraft',
  params: ({ context }: { context: PropertyWizardContext }) => ({ propertyId: context.serverId }),
} as const;

/** A write failed, in this browser or on the server: the broker is told which and why. */
function notifySaveFailed(save: 'local' | 'server') {
  return {
    type: 'notifySaveFailed',
    params: ({ event }: { event: { error: unknown } }) => ({ save, error: toWizardError(event.error) }),
  } as const;
}

/** What each step is called in the diagram's sentences. */
const STEP_NAMES: Record<WizardStepId, { en: string; he: string }> = {
  kind: { en: 'the kind of property', he: 'סוג הנכס' },
  generalInfo: { en: 'the general information', he: 'המידע הכללי' },
  buildingDetails: { en: 'the building details', he: 'פרטי הבניין' },
  environmentTransport: { en: 'the environment and transport', he: 'הסביבה והתחבורה' },
  mediaDocuments: { en: 'the media and documents', he: 'המדיה והמסמכים' },
  review: { en: 'the review', he: 'הסקירה' },
};

function stepId(step: number): WizardStepId {
  return (WIZARD_STEPS[step - 1] ?? WIZARD_STEPS[0]).id;
}

/** A step change: recorded in context (the drafts store it) and written at once. */
function moveTo(step: number) {
  return [{ type: 'changeStep' as const, params: { step } }, 'flushAutosave' as const];
}

/** GO_TO_STEP on the `steps` region: one transition per step, taken when that step is reachable. */
function goToStepTransitions() {
  return WIZARD_STEPS.map(({ step, id }) => ({
    guard: {
      type: 'canGoToStep' as const,
      params: ({ event }: { event: { step: number } }) => ({ step: event.step, target: step }),
    },
    target: `.${id}`,
    actions: moveTo(step),
    description: `Goes to ${STEP_NAMES[id].en}: back at any time, forward only through valid steps reached before.`,
    meta: { he: `מעבר אל ${STEP_NAMES[id].he}: אחורה תמיד, קדימה רק דרך שלבים תקינים שכבר הגעתם אליהם.` },
  }));
}

/** The six step states: NEXT guarded by the domain's step validity, BACK, and PUBLISH on the review. */
function stepStates() {
  const states: Record<string, object> = {};
  for (const { step, id } of WIZARD_STEPS) {
    const name = STEP_NAMES[id];
    const next = (WIZARD_STEPS as readonly { step: WizardStep; id: WizardStepId }[])[step];
    const on: Record<string, unknown> = {};
    if (next) {
      on.NEXT = {
        guard: 'canGoNextStep',
        target: next.id,
        actions: moveTo(next.step),
        description: `Moves on when ${name.en} has every answer it needs and no wrong value.`,
        meta: { he: `ממשיכים כש${name.he} כולל כל תשובה נדרשת ואין בו ערך שגוי.` },
      };
    }
    on.BACK =
      step > FIRST_WIZARD_STEP
        ? { target: stepId(step - 1), actions: moveTo(step - 1) }
        : [
            {
              // Leaving from the first step: a change still waiting for the debounce is written first.
              guard: 'hasUnsavedLocal',
              target: '#propertyWizard.closing',
              description: 'Leaving with a change not yet written: it is written first.',
              meta: { he: 'יציאה עם שינוי שטרם נכתב: קודם כותבים אותו.' },
            },
            {
              target: '#propertyWizard.cancelled',
              description: 'Leaving with everything written: straight to the list.',
              meta: { he: 'יציאה כשהכול נכתב: ישר לרשימה.' },
            },
          ];
    if (step === LAST_WIZARD_STEP) {
      // Not during a server save: a create still in flight would leave a second property behind.
      on.PUBLISH = {
        guard: and(['canPublishForm', not('isServerSaving')]),
        target: '#propertyWizard.publishing',
        description: 'Publishes when nothing keeps the property from it and no server save is running.',
        meta: { he: 'מפרסמים כשדבר אינו חסר בנכס ואין שמירה לשרת באמצע.' },
      };
    }
    states[id] = {
      description: `Step ${step}: ${name.en}.`,
      meta: { he: `שלב ${step}: ${name.he}.` },
      on,
    };
  }
  return states as Record<WizardStepId, object>;
}

export const propertyWizardMachine = setup({
  types: {
    context: {} as PropertyWizardContext,
    events: {} as PropertyWizardEvent | PropertyWizardInternalEvent,
    input: {} as PropertyWizardInput,
  },
  actors: {
    loadLocalDraft: fromPromise<LocalDraft | null, LocalDraftKey>(async () => null),
    /**
     * Must write before its first `await`: FLUSH on `visibilitychange` is followed by the page
     * going away, and only a synchronous write is sure to land.
     */
    saveLocalDraft: fromPromise<void, SaveLocalDraftInput>(async () => {}),
    loadProperty: fromPromise<Property, { propertyId: string }>(async () => {
      throw new Error('property wizard: loadProperty is not provided');
    }),
    saveServerDraft: fromPromise<Property, SavePropertyInput>(async () => {
      throw new Error('property wizard: saveServerDraft is not provided');
    }),
    publishProperty: fromPromise<Property, SavePropertyInput>(async () => {
      throw new Error('property wizard: publishProperty is not provided');
    }),
  },
  actions: {
    clearLocalDraft: (_, _params: LocalDraftKey) => {},
    navigateToList: () => {},
    /** Upsert the saved property in the cached list pages and refetch them. */
    syncPropertyList: (_, _params: { property: Property }) => {},
    notifyDraftLoaded: () => {},
    /** The draft is stored under this id: the app puts it in the address (reload, another tab or device). */
    showDraftAddress: (_, _params: { propertyId: string }) => {},
    notifyLoadFailed: (_, _params: { error: WizardError }) => {},
    notifyDraftSaved: () => {},
    notifyNoChanges: () => {},
    notifySaveFailed: (_, _params: { save: 'local' | 'server'; error: WizardError }) => {},
    notifyDraftCleared: () => {},
    notifyPublished: (_, _params: { property: Property }) => {},
    notifyPublishFailed: (_, _params: { error: WizardError }) => {},

    /** Applies the form event and marks the draft unsaved (then `scheduleAutosave`). */
    recordFormEvent: assign(({ context, event }) => {
      if (!isFormEvent(event)) return {};
      return {
        form: applyFormEvent(context.form, event),
        unsavedLocal: true,
        unsavedServer: true,
        draftStartedAt: context.draftStartedAt ?? context.now(),
      };
    }),
    /** (Re)starts the autosave debounce in the `autosave` region. */
    scheduleAutosave: raise({ type: 'SCHEDULE_AUTOSAVE' }),
    /** Writes the local draft now when anything is unwritten (a step change, a finished server save). */
    flushAutosave: raise({ type: 'FLUSH' }),
    /**
     * A step change is part of a draft (it reopens there), so it is saved like an edit. A published
     * property keeps no step: moving around its edit changes nothing the server should get.
     */
    changeStep: assign(({ context }, params: { step: number }) => {
      const step = clampWizardStep(params.step);
      return {
        step,
        furthestStep: Math.max(step, context.furthestStep) as WizardStep,
        unsavedLocal: true,
        unsavedServer: context.unsavedServer || context.status === 'draft',
      };
    }),
    assignLoadedProperty: assign(({ context }, params: { property: Property }) => {
      const { property } = params;
      const savedStep = clampWizardStep(property.wizardStep);
      // Editing opens on the review, where every answer is in view with a link to its step.
      const step = context.mode === 'edit' ? LAST_WIZARD_STEP : savedStep;
      return {
        form: fromProperty(property),
        serverId: property.id,
        status: property.status,
        step,
        furthestStep:
          property.status === 'published' ? LAST_WIZARD_STEP : (Math.max(step, savedStep) as WizardStep),
        lastSavedAt: parseTime(property.updatedAt),
        draftStartedAt: parseTime(property.createdAt),
      };
    }),
    restoreOfferedDraft: assign(({ context }) => {
      const draft = context.offeredDraft;
      if (!draft) return {};
      return {
        ...draftSteps(draft),
        form: draft.form,
        draftStartedAt: draft.startedAt,
        lastSavedAt: draft.savedAt,
        unsavedServer: draft.unsavedServer,
        draftKey: draft.draftKey ?? context.draftKey,
        offeredDraft: null,
      };
    }),
    markLocalSaved: assign(({ context }) => ({ lastSavedAt: context.now() })),
    /** The server now holds what was sent: its id, and the files as stored descriptors. */
    assignServerDraft: assign(({ context }, params: { property: Property }) => ({
      serverId: params.property.id,
      form: { ...context.form, mediaDocuments: fromProperty(params.property).mediaDocuments },
      // The local copy was just cleared; changes made during the save must be written again.
      unsavedLocal: context.unsavedLocal || context.unsavedServer,
    })),
    resetForm: assign(({ context }) => ({
      form: createEmptyPropertyForm(),
      step: FIRST_WIZARD_STEP,
      furthestStep: FIRST_WIZARD_STEP,
      unsavedLocal: false,
      // A server copy still holds the old answers: the next SAVE must overwrite it.
      unsavedServer: context.serverId !== null,
      lastSavedAt: null,
      draftStartedAt: null,
      publishError: null,
    })),
  },
  guards: {
    isNewProperty: ({ context }) => context.mode === 'create',
    isResumableDraft: ({ context }, params: { draft: LocalDraft | null }) =>
      isResumableDraft(params.draft, { propertyId: context.serverId }),
    isFormChange: ({ context, event }) =>
      isFormEvent(event) && applyFormEvent(context.form, event) !== context.form,
    takesLocalDraft: ({ context }, params: { draft: LocalDraft | null }) =>
      context.takeLocalDraft && isResumableDraft(params.draft, { propertyId: context.serverId }),
    canGoNextStep: ({ context }) => context.step < LAST_WIZARD_STEP && canGoNext(context.step, context.form),
    canGoToStep: ({ context }, params: { step: number; target: number }) =>
      params.step === params.target && canReach(context, params.step),
    isOnStep: ({ context }, params: { step: number }) => context.step === params.step,
    canPublishForm: ({ context }) => context.step === LAST_WIZARD_STEP && canPublish(context.form),
    hasUnsavedLocal: ({ context }) => context.unsavedLocal,
    hasUnsavedServer: ({ context }) => context.unsavedServer,
    isDraft: ({ context }) => context.status === 'draft',
    isServerSaving: stateIn({ editing: { serverSave: 'saving' } }),
    // The server's answer to a save replaces the file lists, so file changes wait for it.
    canChangeFiles: and(['isFormChange', not('isServerSaving')]),
  },
  delays: {
    autosaveDebounce: AUTOSAVE_DEBOUNCE_MS,
    simulatedSave: SIMULATED_SAVE_MS,
  },
}).createMachine({
  id: 'propertyWizard',
  description: 'Creates or edits one property in six steps, saving locally as the broker types.',
  meta: { he: 'יצירה או עריכה של נכס בשישה שלבים, עם שמירה מקומית תוך כדי הקלדה.' },
  initial: 'loading',
  context: ({ input }) => initialContext(input),
  states: {
    loading: {
      description: 'Finds what to show: the stored property, then the draft kept in this browser.',
      meta: { he: 'מאתרים מה להציג: את הנכס השמור, ואחריו את הטיוטה שבדפדפן.' },
      initial: 'choosingSource',
      states: {
        choosingSource: {
          description: 'A new property reads only the local draft; a stored one is fetched first.',
          meta: { he: 'נכס חדש קורא רק את הטיוטה המקומית; נכס שמור נטען קודם מהשרת.' },
          always: [
            {
              guard: 'isNewProperty',
              target: 'localDraft',
              description: 'A new property has nothing on the server yet.',
              meta: { he: 'לנכס חדש עדיין אין עותק בשרת.' },
            },
            {
              target: 'property',
              description: 'A stored property is fetched from the server.',
              meta: { he: 'נכס שמור נטען מהשרת.' },
            },
          ],
        },
        property: {
          description: 'Fetches the stored property.',
          meta: { he: 'טוענים את הנכס מהשרת.' },
          invoke: {
            id: 'loadProperty',
            src: 'loadProperty',
            input: ({ context }) => ({ propertyId: context.serverId ?? '' }),
            onDone: {
              target: 'localDraft',
              actions: { type: 'assignLoadedProperty', params: ({ event }) => ({ property: event.output }) },
              description: 'The property arrived; the local draft is read next.',
              meta: { he: 'הנכס הגיע; עכשיו קוראים את הטיוטה המקומית.' },
            },
            onError: {
              target: '#propertyWizard.loadFailed',
              description: 'The property could not be fetched.',
              meta: { he: 'לא הצלחנו לטעון את הנכס.' },
              actions: [
                assign({ loadError: ({ event }) => toWizardError(event.error) }),
                { type: 'notifyLoadFailed', params: ({ event }) => ({ error: toWizardError(event.error) }) },
              ],
            },
          },
        },
        localDraft: {
          description: 'Reads the draft this browser kept for the property.',
          meta: { he: 'קוראים את הטיוטה שהדפדפן שמר עבור הנכס.' },
          invoke: {
            id: 'loadLocalDraft',
            src: 'loadLocalDraft',
            input: ({ context }) => ({ propertyId: context.serverId }),
            onDone: [
              {
                // Back or forward to a wizard page of this tab: the work continues without a question.
                guard: { type: 'takesLocalDraft', params: ({ event }) => ({ draft: event.output }) },
                target: '#propertyWizard.editing',
                actions: [assign({ offeredDraft: ({ event }) => event.output }), 'restoreOfferedDraft'],
                description:
                  'The browser returned to a wizard page of this tab: its draft is taken as it was.',
                meta: { he: 'הדפדפן חזר לדף אשף של הלשונית הזו: הטיוטה נלקחת כפי שהייתה.' },
              },
              {
                guard: { type: 'isResumableDraft', params: ({ event }) => ({ draft: event.output }) },
                target: '#propertyWizard.offeringDraft',
                actions: assign({ offeredDraft: ({ event }) => event.output }),
                description: 'A local draft holds work worth offering.',
                meta: { he: 'בטיוטה המקומית יש עבודה שכדאי להציע להמשיך.' },
              },
              {
                // A draft not worth offering (empty, or the same as the server's) is dropped, so
                // storage never keeps a copy that disagrees with what the wizard shows.
                target: '#propertyWizard.editing',
                actions: clearThisLocalDraft,
                description: 'No local draft worth offering: any copy is dropped and the form opens.',
                meta: { he: 'אין טיוטה מקומית שכדאי להציע: עותק קיים נמחק והטופס נפתח.' },
              },
            ],
            // Unreadable storage means there is no draft to offer, not a broken wizard.
            onError: {
              target: '#propertyWizard.editing',
              description: 'The browser storage cannot be read: the form opens without a local draft.',
              meta: { he: 'אי אפשר לקרוא את אחסון הדפדפן: הטופס נפתח בלי טיוטה מקומית.' },
            },
          },
        },
      },
    },
    loadFailed: {
      description: 'The property could not be loaded; the broker may try again.',
      meta: { he: 'לא הצלחנו לטעון את הנכס; אפשר לנסות שוב.' },
      on: { RETRY: { target: 'loading', actions: assign({ loadError: null }) } },
    },
    offeringDraft: {
      description: 'Asks whether to continue the local draft or start from what is stored.',
      meta: { he: 'שואלים אם להמשיך את הטיוטה המקומית או להתחיל ממה שנשמר.' },
      on: {
        RESUME_DRAFT: { target: 'editing', actions: ['restoreOfferedDraft', 'notifyDraftLoaded'] },
        START_FRESH: {
          target: 'editing',
          actions: [clearThisLocalDraft, assign({ offeredDraft: null })],
        },
      },
    },
    editing: {
      type: 'parallel',
      description:
        'The broker answers the steps while the draft is saved locally and, on request, on the server.',
      meta: { he: 'המתווך עונה על השלבים, והטיוטה נשמרת בדפדפן ולפי בקשה גם בשרת.' },
      on: {
        EDIT: {
          guard: 'isFormChange',
          actions: keepAndAutosave,
          description: 'An answer changed: it is kept and saved after a short pause.',
          meta: { he: 'תשובה השתנתה: היא נשמרת אחרי הפסקה קצרה.' },
        },
        SET_KIND: {
          guard: 'isFormChange',
          actions: keepAndAutosave,
          description: 'Another kind was chosen: answers of the old kind are dropped.',
          meta: { he: 'נבחר סוג נכס אחר: תשובות שאינן מתאימות לו נמחקות.' },
        },
        ADD_FILES: {
          guard: 'canChangeFiles',
          actions: keepAndAutosave,
          description: 'Files are added, unless a server save is about to replace the file lists.',
          meta: { he: 'קבצים נוספים, אלא אם שמירה בשרת עומדת להחליף את רשימות הקבצים.' },
        },
        REMOVE_FILE: {
          guard: 'canChangeFiles',
          actions: keepAndAutosave,
          description: 'A file is removed, unless a server save is running.',
          meta: { he: 'קובץ מוסר, אלא אם שמירה בשרת מתבצעת.' },
        },
        REORDER_FILES: {
          guard: 'canChangeFiles',
          actions: keepAndAutosave,
          description: 'Files are reordered, unless a server save is running.',
          meta: { he: 'סדר הקבצים משתנה, אלא אם שמירה בשרת מתבצעת.' },
        },
        // Not during a server save: its answer replaces the file lists, captions included.
        SET_CAPTION: {
          guard: 'canChangeFiles',
          actions: keepAndAutosave,
          description: "A photo's caption changes, unless a server save is running.",
          meta: { he: 'כיתוב של תמונה משתנה, אלא אם שמירה בשרת מתבצעת.' },
        },
        // Not during a server save: its late answer would tie the emptied form to the old server copy.
        CLEAR: {
          guard: and(['isDraft', not('isServerSaving')]),
          target: '#propertyWizard.editing',
          reenter: true,
          actions: [clearThisLocalDraft, 'resetForm', 'notifyDraftCleared'],
          description: 'A draft not being saved to the server is emptied and starts again at the first step.',
          meta: { he: 'טיוטה שאינה בשמירה לשרת מתרוקנת וחוזרת לשלב הראשון.' },
        },
      },
      states: {
        steps: {
          description: 'The six steps of the wizard, one at a time.',
          meta: { he: 'ששת שלבי האשף, אחד בכל פעם.' },
          initial: 'entering',
          on: { GO_TO_STEP: goToStepTransitions() },
          states: {
            entering: {
              description: 'Opens the step the draft was left on.',
              meta: { he: 'פותחים את השלב שבו הטיוטה נעזבה.' },
              always: WIZARD_STEPS.map(({ step, id }) => ({
                guard: { type: 'isOnStep' as const, params: { step } },
                target: id,
                description: `The draft was left on step ${step}.`,
                meta: { he: `הטיוטה נעזבה בשלב ${step}.` },
              })),
            },
            ...stepStates(),
          },
        },
        autosave: {
          description: 'Writes the draft to this browser shortly after each change.',
          meta: { he: 'כותבים את הטיוטה לדפדפן זמן קצר אחרי כל שינוי.' },
          initial: 'resuming',
          states: {
            // Coming back from a failed publish with a change not yet written: the debounce resumes.
            resuming: {
              description: 'Picks up a change not yet written, if any.',
              meta: { he: 'ממשיכים שינוי שטרם נכתב, אם יש.' },
              always: [
                {
                  guard: 'hasUnsavedLocal',
                  target: 'debouncing',
                  description: 'A change is not yet written.',
                  meta: { he: 'יש שינוי שטרם נכתב.' },
                },
                {
                  target: 'idle',
                  description: 'Everything is written.',
                  meta: { he: 'הכול נכתב.' },
                },
              ],
            },
            idle: {
              description: 'Everything typed is written.',
              meta: { he: 'כל מה שהוקלד נכתב.' },
              on: {
                SCHEDULE_AUTOSAVE: { target: 'debouncing' },
                FLUSH: {
                  guard: 'hasUnsavedLocal',
                  target: 'saving',
                  description: 'Writes at once when something is unwritten.',
                  meta: { he: 'כותבים מיד כשיש משהו שלא נכתב.' },
                },
              },
            },
            debouncing: {
              description: 'Waits for a pause in typing before writing.',
              meta: { he: 'ממתינים להפסקה בהקלדה לפני הכתיבה.' },
              after: {
                autosaveDebounce: {
                  target: 'saving',
                  description: 'Half a second without a change: the draft is written.',
                  meta: { he: 'חצי שנייה בלי שינוי: הטיוטה נכתבת.' },
                },
              },
              on: {
                SCHEDULE_AUTOSAVE: { target: 'debouncing', reenter: true },
                FLUSH: { target: 'saving' },
              },
            },
            saving: {
              description: 'Writes the draft to this browser.',
              meta: { he: 'כותבים את הטיוטה לדפדפן.' },
              initial: 'writing',
              on: {
                // A change made during the write is written now, not after another debounce.
                FLUSH: {
                  guard: 'hasUnsavedLocal',
                  target: 'saving',
                  reenter: true,
                  description: 'A change made during the write is written right after it.',
                  meta: { he: 'שינוי שנעשה בזמן הכתיבה נכתב מיד אחריה.' },
                },
              },
              states: {
                writing: {
                  description: 'The browser storage is written.',
                  meta: { he: 'כותבים לאחסון הדפדפן.' },
                  entry: assign({ unsavedLocal: false }),
                  invoke: {
                    id: 'saveLocalDraft',
                    src: 'saveLocalDraft',
                    input: ({ context }) => localDraftInput(context),
                    onDone: {
                      target: 'settling',
                      actions: 'markLocalSaved',
                      description: 'The draft is written; the time of the save is kept.',
                      meta: { he: 'הטיוטה נכתבה; שעת השמירה נשמרת.' },
                    },
                    onError: {
                      target: `${AUTOSAVE}.idle`,
                      description: 'The write failed: the change stays unwritten and the broker is told.',
                      meta: { he: 'הכתיבה נכשלה: השינוי נשאר לא כתוב, ומודיעים על כך.' },
                      actions: [assign({ unsavedLocal: true }), notifySaveFailed('local')],
                    },
                  },
                },
                settling: {
                  description: 'Keeps "saving" on screen for a moment before "saved".',
                  meta: { he: 'משאירים את "בשמירה" רגע על המסך לפני "נשמר".' },
                  after: {
                    simulatedSave: [
                      {
                        guard: 'hasUnsavedLocal',
                        target: `${AUTOSAVE}.debouncing`,
                        description: 'A change came in meanwhile: it waits its own pause.',
                        meta: { he: 'בינתיים נעשה שינוי: הוא ממתין להפסקה משלו.' },
                      },
                      {
                        target: `${AUTOSAVE}.idle`,
                        description: 'Nothing changed meanwhile: "saved" is shown.',
                        meta: { he: 'בינתיים לא השתנה דבר: מוצג "נשמר".' },
                      },
                    ],
                  },
                },
              },
            },
          },
        },
        serverSave: {
          description: 'Stores the draft on the server when the broker asks.',
          meta: { he: 'שומרים את הטיוטה בשרת לבקשת המתווך.' },
          initial: 'idle',
          states: {
            idle: {
              description: 'No server save is running.',
              meta: { he: 'אין שמירה לשרת כרגע.' },
              on: {
                SAVE: [
                  {
                    guard: and(['isDraft', 'hasUnsavedServer']),
                    target: 'saving',
                    description: 'A draft with changes the server lacks is sent.',
                    meta: { he: 'טיוטה עם שינויים שאין בשרת נשלחת.' },
                  },
                  {
                    guard: 'isDraft',
                    actions: 'notifyNoChanges',
                    description: 'The server already has everything: the broker is told.',
                    meta: { he: 'כל השינויים כבר בשרת: מודיעים על כך.' },
                  },
                ],
              },
            },
            saving: {
              description: 'The draft is being stored on the server.',
              meta: { he: 'הטיוטה נשמרת בשרת.' },
              entry: assign({ unsavedServer: false }),
              invoke: {
                id: 'saveServerDraft',
                src: 'saveServerDraft',
                input: ({ context }) => serverInput(context),
                onDone: {
                  target: 'idle',
                  actions: [
                    // The server copy supersedes the local one it was taken from (for a new
                    // property that local copy moves from the "new" slot to the property's id).
                    clearThisLocalDraft,
                    { type: 'assignServerDraft', params: ({ event }) => ({ property: event.output }) },
                    { type: 'showDraftAddress', params: ({ event }) => ({ propertyId: event.output.id }) },
                    'flushAutosave',
                    { type: 'syncPropertyList', params: ({ event }) => ({ property: event.output }) },
                    'notifyDraftSaved',
                  ],
                  description:
                    'The server stored the draft: the address carries its id and the list is updated.',
                  meta: { he: 'השרת שמר את הטיוטה: הכתובת כוללת את המזהה שלה והרשימה מתעדכנת.' },
                },
                onError: {
                  target: 'idle',
                  description: 'The server save failed: the changes stay unsaved and the broker is told.',
                  meta: { he: 'השמירה בשרת נכשלה: השינויים נשארים לא שמורים, ומודיעים על כך.' },
                  actions: [assign({ unsavedServer: true }), notifySaveFailed('server')],
                },
              },
            },
          },
        },
      },
    },
    closing: {
      description: 'Writes the last change before leaving for the list.',
      meta: { he: 'כותבים את השינוי האחרון לפני היציאה לרשימה.' },
      invoke: {
        id: 'saveLocalDraftOnClose',
        src: 'saveLocalDraft',
        input: ({ context }) => localDraftInput(context),
        onDone: {
          target: 'cancelled',
          actions: [assign({ unsavedLocal: false }), 'markLocalSaved'],
          description: 'The last change is written: on to the list.',
          meta: { he: 'השינוי האחרון נכתב: ממשיכים לרשימה.' },
        },
        onError: {
          target: 'cancelled',
          description: 'The last write failed: the broker is told, and the wizard still closes.',
          meta: { he: 'הכתיבה האחרונה נכשלה: מודיעים על כך, והאשף נסגר בכל זאת.' },
          actions: notifySaveFailed('local'),
        },
      },
    },
    publishing: {
      description: 'The property is being published.',
      meta: { he: 'הנכס מתפרסם.' },
      entry: assign({ publishError: null }),
      invoke: {
        id: 'publishProperty',
        src: 'publishProperty',
        input: ({ context }) => serverInput(context),
        onDone: {
          target: 'published',
          actions: [
            clearThisLocalDraft,
            assign({
              serverId: ({ event }) => event.output.id,
              status: 'published',
              unsavedLocal: false,
              unsavedServer: false,
            }),
            { type: 'syncPropertyList', params: ({ event }) => ({ property: event.output }) },
            { type: 'notifyPublished', params: ({ event }) => ({ property: event.output }) },
            'navigateToList',
          ],
          description: 'The server published the property: the local draft is cleared, back to the list.',
          meta: { he: 'השרת פרסם את הנכס: הטיוטה המקומית נמחקת, וחוזרים לרשימה.' },
        },
        onError: {
          // Back on the review step with the form as it was; the autosave picks up any unwritten change.
          target: 'editing',
          description: 'Publishing failed: back to the review step with the reason.',
          meta: { he: 'הפרסום נכשל: חוזרים לשלב הסקירה עם הסיבה.' },
          actions: [
            assign({ publishError: ({ event }) => toWizardError(event.error) }),
            { type: 'notifyPublishFailed', params: ({ event }) => ({ error: toWizardError(event.error) }) },
          ],
        },
      },
    },
    cancelled: {
      type: 'final',
      description: 'The broker left for the list.',
      meta: { he: 'המתווך יצא לרשימת הנכסים.' },
      entry: 'navigateToList',
    },
    published: {
      type: 'final',
      description: 'The property is published.',
      meta: { he: 'הנכס פורסם.' },
    },
  },
});

export type PropertyWizardMachine = typeof propertyWizardMachine;
