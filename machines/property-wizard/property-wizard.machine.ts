/**
 * The six-step property wizard (spec 2 "Property wizard", 4 "Wizard", 5 "Wizard step validity", 8, 9).
 *
 * - `loading` picks the source. A new property (`mode: 'create'`) reads the local draft
 *   (`loadLocalDraft`); a stored one (`'resume'` from the drafts list, `'edit'`) is fetched
 *   (`loadProperty`), then its local draft is read too, so a reload never loses what was typed.
 *   A draft worth offering → `offeringDraft`; none (or unreadable storage) → `editing`;
 *   a failed fetch → `loadFailed` (RETRY).
 * - `offeringDraft`: RESUME_DRAFT takes the local draft (form, step, start date); START_FRESH
 *   discards it and keeps the empty form (new property) or the server copy (stored property).
 * - `editing` is parallel. The step lives in context (1 to 6, clamped): NEXT when `canGoNext` and
 *   below 6, BACK above 1 (on step 1 it leaves for the list, through `closing` when a change is not
 *   yet written), GO_TO_STEP back to any step or forward through valid steps up to the furthest
 *   reached. Form events (EDIT, SET_KIND, files) mark the draft unsaved locally and on the server.
 *   - region `autosave`: a change waits 500 ms (`autosaveDebounce`, restarted by every change, so a
 *     burst saves once), then `saveLocalDraft` writes, then `simulatedSave` (200 ms) keeps "saving"
 *     visible before "saved". A step change and FLUSH (the tab is hidden) write at once.
 *   - region `serverSave`: SAVE stores the draft on the server (`saveServerDraft`: create the first
 *     time, then update the same id), or says there is nothing new.
 * - PUBLISH on step 6 when `canPublish` → `publishing` (`publishProperty`) → `published` (the local
 *   draft cleared, the list told, back to the list), or back to `editing` on step 6 with the error.
 * - CLEAR empties the form, back to step 1.
 *
 * Every side effect is a named action or actor with an inert default; the app supplies the real ones
 * through `propertyWizardMachine.provide()`. The clock is the `now` input.
 */

import { createEmptyPropertyForm, fromProperty, type PropertyForm } from '@domain/property-form';
import type { PropertyStatus } from '@domain/property-options';
import {
  canGoNext,
  canPublish,
  clampWizardStep,
  FIRST_WIZARD_STEP,
  LAST_WIZARD_STEP,
  type WizardStep,
} from '@domain/wizard-rules';
import type { components } from '@openapi/schema';
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

export type Property = components['schemas']['Property'];

/** Spec 9: autosave runs 500 ms after the last change... */
export const AUTOSAVE_DEBOUNCE_MS = 500;
/** ...and the spec's simulated save takes 200 ms; kept as the least time "saving" is shown. */
export const SIMULATED_SAVE_MS = 200;

export type WizardMode = 'create' | 'resume' | 'edit';

export type PropertyWizardInput = (
  | { mode: 'create' }
  /** A draft from the list: reopens at its saved step. */
  | { mode: 'resume'; propertyId: string }
  /** An existing property: reopens at step 1. */
  | { mode: 'edit'; propertyId: string }
) & {
  /** Epoch milliseconds; defaults to `Date.now`. */
  now?: () => number;
};

/** An error as the screens need it: the server's human message and its stable code, if any. */
export interface WizardError {
  message: string;
  code: string | null;
}

export interface PropertyWizardContext {
  mode: WizardMode;
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
    },
  };
}

function serverInput(context: PropertyWizardContext): SavePropertyInput {
  return { propertyId: context.serverId, form: context.form, wizardStep: context.step };
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

function initialContext(input: PropertyWizardInput): PropertyWizardContext {
  return {
    mode: input.mode,
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
    /** A step change is part of the draft (it reopens there), so it is saved like an edit. */
    changeStep: assign(({ context }, params: { step: number }) => {
      const step = clampWizardStep(params.step);
      return {
        step,
        furthestStep: Math.max(step, context.furthestStep) as WizardStep,
        unsavedLocal: true,
        unsavedServer: true,
      };
    }),
    assignLoadedProperty: assign(({ context }, params: { property: Property }) => {
      const { property } = params;
      const savedStep = clampWizardStep(property.wizardStep);
      const step = context.mode === 'edit' ? FIRST_WIZARD_STEP : savedStep;
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
    canGoNextStep: ({ context }) => context.step < LAST_WIZARD_STEP && canGoNext(context.step, context.form),
    isAfterFirstStep: ({ context }) => context.step > FIRST_WIZARD_STEP,
    canGoToStep: ({ context }, params: { step: number }) => canReach(context, params.step),
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
  initial: 'loading',
  context: ({ input }) => initialContext(input),
  states: {
    loading: {
      initial: 'choosingSource',
      states: {
        choosingSource: {
          always: [{ guard: 'isNewProperty', target: 'localDraft' }, { target: 'property' }],
        },
        property: {
          invoke: {
            id: 'loadProperty',
            src: 'loadProperty',
            input: ({ context }) => ({ propertyId: context.serverId ?? '' }),
            onDone: {
              target: 'localDraft',
              actions: { type: 'assignLoadedProperty', params: ({ event }) => ({ property: event.output }) },
            },
            onError: {
              target: '#propertyWizard.loadFailed',
              actions: [
                assign({ loadError: ({ event }) => toWizardError(event.error) }),
                { type: 'notifyLoadFailed', params: ({ event }) => ({ error: toWizardError(event.error) }) },
              ],
            },
          },
        },
        localDraft: {
          invoke: {
            id: 'loadLocalDraft',
            src: 'loadLocalDraft',
            input: ({ context }) => ({ propertyId: context.serverId }),
            onDone: [
              {
                guard: { type: 'isResumableDraft', params: ({ event }) => ({ draft: event.output }) },
                target: '#propertyWizard.offeringDraft',
                actions: assign({ offeredDraft: ({ event }) => event.output }),
              },
              {
                // A draft not worth offering (empty, or the same as the server's) is dropped, so
                // storage never keeps a copy that disagrees with what the wizard shows.
                target: '#propertyWizard.editing',
                actions: {
                  type: 'clearLocalDraft',
                  params: ({ context }) => ({ propertyId: context.serverId }),
                },
              },
            ],
            // Unreadable storage means there is no draft to offer, not a broken wizard.
            onError: { target: '#propertyWizard.editing' },
          },
        },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: assign({ loadError: null }) } },
    },
    offeringDraft: {
      on: {
        RESUME_DRAFT: { target: 'editing', actions: ['restoreOfferedDraft', 'notifyDraftLoaded'] },
        START_FRESH: {
          target: 'editing',
          actions: [
            { type: 'clearLocalDraft', params: ({ context }) => ({ propertyId: context.serverId }) },
            assign({ offeredDraft: null }),
          ],
        },
      },
    },
    editing: {
      type: 'parallel',
      on: {
        EDIT: { guard: 'isFormChange', actions: ['recordFormEvent', 'scheduleAutosave'] },
        SET_KIND: { guard: 'isFormChange', actions: ['recordFormEvent', 'scheduleAutosave'] },
        ADD_FILES: { guard: 'canChangeFiles', actions: ['recordFormEvent', 'scheduleAutosave'] },
        REMOVE_FILE: { guard: 'canChangeFiles', actions: ['recordFormEvent', 'scheduleAutosave'] },
        REORDER_FILES: { guard: 'canChangeFiles', actions: ['recordFormEvent', 'scheduleAutosave'] },
        NEXT: {
          guard: 'canGoNextStep',
          actions: [
            { type: 'changeStep', params: ({ context }) => ({ step: context.step + 1 }) },
            'flushAutosave',
          ],
        },
        BACK: [
          {
            guard: 'isAfterFirstStep',
            actions: [
              { type: 'changeStep', params: ({ context }) => ({ step: context.step - 1 }) },
              'flushAutosave',
            ],
          },
          // Leaving from step 1: a change still waiting for the debounce is written first.
          { guard: 'hasUnsavedLocal', target: 'closing' },
          { target: 'cancelled' },
        ],
        GO_TO_STEP: {
          guard: { type: 'canGoToStep', params: ({ event }) => ({ step: event.step }) },
          actions: [{ type: 'changeStep', params: ({ event }) => ({ step: event.step }) }, 'flushAutosave'],
        },
        // Not during a server save: its late answer would tie the emptied form to the old server copy.
        CLEAR: {
          guard: and(['isDraft', not('isServerSaving')]),
          target: '#propertyWizard.editing',
          reenter: true,
          actions: [
            { type: 'clearLocalDraft', params: ({ context }) => ({ propertyId: context.serverId }) },
            'resetForm',
            'notifyDraftCleared',
          ],
        },
        // Not during a server save: a create still in flight would leave a second property behind.
        PUBLISH: { guard: and(['canPublishForm', not('isServerSaving')]), target: 'publishing' },
      },
      states: {
        autosave: {
          initial: 'resuming',
          states: {
            // Coming back from a failed publish with a change not yet written: the debounce resumes.
            resuming: {
              always: [{ guard: 'hasUnsavedLocal', target: 'debouncing' }, { target: 'idle' }],
            },
            idle: {
              on: {
                SCHEDULE_AUTOSAVE: { target: 'debouncing' },
                FLUSH: { guard: 'hasUnsavedLocal', target: 'saving' },
              },
            },
            debouncing: {
              after: { autosaveDebounce: { target: 'saving' } },
              on: {
                SCHEDULE_AUTOSAVE: { target: 'debouncing', reenter: true },
                FLUSH: { target: 'saving' },
              },
            },
            saving: {
              initial: 'writing',
              on: {
                // A change made during the write is written now, not after another debounce.
                FLUSH: { guard: 'hasUnsavedLocal', target: 'saving', reenter: true },
              },
              states: {
                writing: {
                  entry: assign({ unsavedLocal: false }),
                  invoke: {
                    id: 'saveLocalDraft',
                    src: 'saveLocalDraft',
                    input: ({ context }) => localDraftInput(context),
                    onDone: { target: 'settling', actions: 'markLocalSaved' },
                    onError: {
                      target: `${AUTOSAVE}.idle`,
                      actions: [
                        assign({ unsavedLocal: true }),
                        {
                          type: 'notifySaveFailed',
                          params: ({ event }) => ({
                            save: 'local' as const,
                            error: toWizardError(event.error),
                          }),
                        },
                      ],
                    },
                  },
                },
                settling: {
                  after: {
                    simulatedSave: [
                      { guard: 'hasUnsavedLocal', target: `${AUTOSAVE}.debouncing` },
                      { target: `${AUTOSAVE}.idle` },
                    ],
                  },
                },
              },
            },
          },
        },
        serverSave: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                SAVE: [
                  { guard: and(['isDraft', 'hasUnsavedServer']), target: 'saving' },
                  { guard: 'isDraft', actions: 'notifyNoChanges' },
                ],
              },
            },
            saving: {
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
                    { type: 'clearLocalDraft', params: ({ context }) => ({ propertyId: context.serverId }) },
                    { type: 'assignServerDraft', params: ({ event }) => ({ property: event.output }) },
                    'flushAutosave',
                    { type: 'syncPropertyList', params: ({ event }) => ({ property: event.output }) },
                    'notifyDraftSaved',
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    assign({ unsavedServer: true }),
                    {
                      type: 'notifySaveFailed',
                      params: ({ event }) => ({ save: 'server' as const, error: toWizardError(event.error) }),
                    },
                  ],
                },
              },
            },
          },
        },
      },
    },
    closing: {
      invoke: {
        id: 'saveLocalDraftOnClose',
        src: 'saveLocalDraft',
        input: ({ context }) => localDraftInput(context),
        onDone: { target: 'cancelled', actions: [assign({ unsavedLocal: false }), 'markLocalSaved'] },
        onError: {
          target: 'cancelled',
          actions: {
            type: 'notifySaveFailed',
            params: ({ event }) => ({ save: 'local' as const, error: toWizardError(event.error) }),
          },
        },
      },
    },
    publishing: {
      entry: assign({ publishError: null }),
      invoke: {
        id: 'publishProperty',
        src: 'publishProperty',
        input: ({ context }) => serverInput(context),
        onDone: {
          target: 'published',
          actions: [
            { type: 'clearLocalDraft', params: ({ context }) => ({ propertyId: context.serverId }) },
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
        },
        onError: {
          // Back on step 6 with the form as it was; the autosave picks up any unwritten change.
          target: 'editing',
          actions: [
            assign({ publishError: ({ event }) => toWizardError(event.error) }),
            { type: 'notifyPublishFailed', params: ({ event }) => ({ error: toWizardError(event.error) }) },
          ],
        },
      },
    },
    cancelled: { type: 'final', entry: 'navigateToList' },
    published: { type: 'final' },
  },
});

export type PropertyWizardMachine = typeof propertyWizardMachine;
