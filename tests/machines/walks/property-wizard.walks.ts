/**
 * The model walks of the property wizard: a new property through every step to publishing, and a
 * stored property with its drafts and server saves. The machine test replays them with its own
 * assertions; `npm run test:paths` replays them for the coverage report.
 */

import { createEmptyPropertyForm } from '@domain/property-form';
import { canGoNext, canPublish } from '@domain/wizard-rules';
import {
  type PropertyWizardContext,
  propertyWizardMachine,
} from '@machines/property-wizard/property-wizard.machine';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import {
  ADD_IMAGES,
  DRAFT_ID,
  EDIT_BUILDING,
  EDIT_CITY,
  EDIT_ENVIRONMENT,
  EDIT_GENERAL_REST,
  FIXED_NOW,
  filledForm,
  localDraft,
  OTHER_ID,
  REMOVE_IMAGE_A,
  SET_LOGISTICS,
  SWAP_IMAGES,
  serverProperty,
} from '../fixtures/property-wizard';
import { planMachineWalk } from '../harness/walk-machine';

type Machine = typeof propertyWizardMachine;
type Snapshot = SnapshotFrom<Machine>;

export const PUBLISHED = serverProperty(filledForm(4), { id: OTHER_ID, status: 'published', wizardStep: 6 });
export const DRAFT_AT_STEP_2 = serverProperty(filledForm(1), { wizardStep: 2 });
export const SAVED_DRAFT = serverProperty(filledForm(2), { wizardStep: 2 });
export const LOCAL_DRAFT_STEP_3 = localDraft();
export const LOCAL_DRAFT_KIND_ONLY = localDraft({ form: filledForm(1), step: 2, furthestStep: 2 });
const LOCAL_DRAFT_EMPTY = localDraft({ form: createEmptyPropertyForm(), step: 1, furthestStep: 1 });
const LOCAL_DRAFT_IN_SYNC = localDraft({ unsavedServer: false });

const GO_TO_STEP_2 = { type: 'GO_TO_STEP', step: 2 } as const;
const GO_TO_STEP_6 = { type: 'GO_TO_STEP', step: 6 } as const;
export const FLUSH = { type: 'FLUSH' } as const;
export const BACK = { type: 'BACK' } as const;
export const CLEAR = { type: 'CLEAR' } as const;

const LABELS = new Map<unknown, string>([
  [SET_LOGISTICS, 'SET_KIND(logistics)'],
  [EDIT_CITY, 'EDIT(city)'],
  [EDIT_GENERAL_REST, 'EDIT(rest of step 2)'],
  [EDIT_BUILDING, 'EDIT(step 3)'],
  [EDIT_ENVIRONMENT, 'EDIT(step 4)'],
  [ADD_IMAGES, 'ADD_FILES(2 images)'],
  [SWAP_IMAGES, 'REORDER_FILES(0→1)'],
  [REMOVE_IMAGE_A, 'REMOVE_FILE(a)'],
  [PUBLISHED, 'published property'],
  [DRAFT_AT_STEP_2, 'draft at step 2'],
  [SAVED_DRAFT, 'saved draft'],
  [LOCAL_DRAFT_STEP_3, 'local draft at step 3'],
  [LOCAL_DRAFT_KIND_ONLY, 'local draft at step 2'],
  [LOCAL_DRAFT_EMPTY, 'empty local draft'],
  [LOCAL_DRAFT_IN_SYNC, 'local draft in sync'],
]);

function describeEvent(event: AnyEventObject): string {
  const label = LABELS.get(event);
  if (label) return label;
  const [, kind, id] = /^xstate\.(after|done\.actor|error\.actor)\.([^.]+)/.exec(event.type) ?? [];
  if (kind === 'after') return `after(${id})`;
  if (kind === 'done.actor') {
    const output = LABELS.get(event.output) ?? (event.output === null ? 'none' : 'ok');
    return `${id} done(${output})`;
  }
  if (kind === 'error.actor') return `${id} failed`;
  if (event.type === 'GO_TO_STEP') return `GO_TO_STEP(${event.step})`;
  return event.type;
}

export const onStep = (snapshot: Snapshot, ...steps: number[]) =>
  snapshot.matches('editing') && steps.includes(snapshot.context.step);

/** How far the fixtures have filled the form: the first step that holds "next", 5 when publishable. */
export function fillLevel(context: PropertyWizardContext): number {
  for (const step of [1, 2, 3]) if (!canGoNext(step, context.form)) return step;
  return canPublish(context.form) ? 5 : 4;
}

export function contextThatMatters({ now: _now, ...context }: PropertyWizardContext) {
  return context;
}

/**
 * A new property, through every step to publishing. Form events are offered only on the step whose
 * questions they answer, and server saves are left to the second walk, so the graph stays small
 * while every autosave delay and write interleaves with navigation.
 */
export const newPropertyWalk = planMachineWalk({
  machine: propertyWizardMachine,
  input: { mode: 'create', now: () => FIXED_NOW },
  events: {
    SET_KIND: (s) => (onStep(s, 1) ? [SET_LOGISTICS] : []),
    EDIT: (s) =>
      onStep(s, 2)
        ? [EDIT_CITY, EDIT_GENERAL_REST]
        : onStep(s, 3)
          ? [EDIT_BUILDING]
          : onStep(s, 4)
            ? [EDIT_ENVIRONMENT]
            : [],
    ADD_FILES: (s) => (onStep(s, 5) ? [ADD_IMAGES] : []),
    REORDER_FILES: (s) => (onStep(s, 5) ? [SWAP_IMAGES] : []),
    REMOVE_FILE: (s) => (onStep(s, 5) ? [REMOVE_IMAGE_A] : []),
    NEXT: [{ type: 'NEXT' }],
    BACK: [{ type: 'BACK' }],
    // The review page's edit link back to step 2, and the jump forward again once step 2 is valid.
    GO_TO_STEP: (s) => (onStep(s, 6) ? [GO_TO_STEP_2] : onStep(s, 2) ? [GO_TO_STEP_6] : []),
    PUBLISH: [{ type: 'PUBLISH' }],
    FLUSH: (s) => (onStep(s, 2) ? [FLUSH] : []),
    SAVE: [],
    CLEAR: [],
    // Raised by the machine after each form event; a caller never sends it.
    SCHEDULE_AUTOSAVE: [],
    RESUME_DRAFT: [{ type: 'RESUME_DRAFT' }],
    START_FRESH: [{ type: 'START_FRESH' }],
    RETRY: [],
  },
  actorOutputs: {
    loadLocalDraft: [null, LOCAL_DRAFT_STEP_3, LOCAL_DRAFT_EMPTY],
    saveLocalDraft: [undefined],
    saveLocalDraftOnClose: [undefined],
    publishProperty: [PUBLISHED],
  },
  actorErrors: {
    loadLocalDraft: [new Error('SecurityError')],
    // A failed write matters where a publish may follow it (the autosave must resume after a failed publish).
    saveLocalDraft: (s) => (onStep(s, 6) ? [new Error('QuotaExceededError')] : []),
  },
  contextThatMatters,
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.step, fillLevel(s.context), s.context.unsavedLocal]),
  describeEvent,
  generators: ['shortest', 'edge'],
  maxPaths: 600,
  limit: 20_000,
});

/**
 * A stored property: loading, the offer of its local draft, then typing, manual server saves, flushes
 * and clearing on its step, with every save failing or succeeding.
 */
export const storedPropertyWalk = planMachineWalk({
  machine: propertyWizardMachine,
  input: { mode: 'resume', propertyId: DRAFT_ID, now: () => FIXED_NOW },
  events: {
    SET_KIND: [],
    EDIT: (s) => (onStep(s, 2) ? [EDIT_CITY, EDIT_GENERAL_REST] : []),
    ADD_FILES: [],
    REORDER_FILES: [],
    REMOVE_FILE: [],
    NEXT: [],
    BACK: (s) => (onStep(s, 1) ? [BACK] : []),
    GO_TO_STEP: [],
    PUBLISH: [],
    SAVE: [{ type: 'SAVE' }],
    FLUSH: [{ type: 'FLUSH' }],
    CLEAR: (s) => (onStep(s, 2) ? [CLEAR] : []),
    SCHEDULE_AUTOSAVE: [],
    RESUME_DRAFT: [{ type: 'RESUME_DRAFT' }],
    START_FRESH: [{ type: 'START_FRESH' }],
    RETRY: [{ type: 'RETRY' }],
  },
  actorOutputs: {
    loadProperty: [DRAFT_AT_STEP_2, PUBLISHED],
    loadLocalDraft: [null, LOCAL_DRAFT_KIND_ONLY, LOCAL_DRAFT_IN_SYNC],
    saveLocalDraft: [undefined],
    saveLocalDraftOnClose: [undefined],
    saveServerDraft: [SAVED_DRAFT],
  },
  actorErrors: {
    loadProperty: [new Error('Network error')],
    loadLocalDraft: [],
    saveLocalDraft: [new Error('QuotaExceededError')],
    saveLocalDraftOnClose: [new Error('QuotaExceededError')],
    saveServerDraft: [new Error('Server error')],
  },
  contextThatMatters,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.step,
      s.context.status,
      fillLevel(s.context),
      s.context.unsavedLocal,
      s.context.unsavedServer,
    ]),
  describeEvent,
  generators: ['shortest', 'edge'],
  maxPaths: 600,
  limit: 20_000,
});

export function planPropertyWizardWalks() {
  return [
    { name: 'a new property', walk: newPropertyWalk },
    { name: 'a stored property', walk: storedPropertyWalk },
  ];
}
