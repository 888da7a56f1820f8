/**
 * The model walks of the property wizard: a new property through every step to publishing, and a
 * stored property with its drafts and server saves. The path-coverage test replays each path once,
 * with the storage check of property-wizard-storage.checks.ts; the machine test only asserts how many paths each walk plans.
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
  CAPTION_IMAGE_A,
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
import { type PathReplay, planMachineWalk, type WalkPath } from '../harness/walk-machine';
import { expectNothingLost } from './property-wizard-storage.checks';

type Machine = typeof propertyWizardMachine;
type Snapshot = SnapshotFrom<Machine>;

export const PUBLISHED = serverProperty(filledForm(4), { id: OTHER_ID, status: 'published', wizardStep: 6 });
export const DRAFT_AT_STEP_2 = serverProperty(filledForm(1), { wizardStep: 2 });
export const SAVED_DRAFT = serverProperty(filledForm(2), { wizardStep: 2 });
export const DRAFT_AT_STEP_4 = serverProperty(filledForm(3), { wizardStep: 4 });
export const DRAFT_AT_STEP_5 = serverProperty(filledForm(3), { wizardStep: 5 });
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
  [CAPTION_IMAGE_A, 'SET_CAPTION(a)'],
  [REMOVE_IMAGE_A, 'REMOVE_FILE(a)'],
  [PUBLISHED, 'published property'],
  [DRAFT_AT_STEP_2, 'draft at step 2'],
  [DRAFT_AT_STEP_4, 'draft at step 4'],
  [DRAFT_AT_STEP_5, 'draft at step 5'],
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

/** The clock and the random idempotency key differ from run to run; nothing else may. */
export function contextThatMatters({ now: _now, draftKey: _draftKey, ...context }: PropertyWizardContext) {
  return context;
}

/**
 * Where a walk is replayed: `model` replays it on the machine alone (every failure the machine
 * handles, file events included); `screen` on the real screens and server (tests/ui-walks), where
 * files and a failing browser storage are walked by other tests and a failed request is a fetch
 * that finds no server. One planner serves both, so the two never drift apart.
 */
export type WalkSurface = 'model' | 'screen';

const FAILED_FETCH = new TypeError('Failed to fetch');
const onModel = <T>(surface: WalkSurface, items: T[]): T[] => (surface === 'model' ? items : []);

/** GO_TO_STEP as walked: from the review to every earlier step (its edit links), and from step 2 to the review. */
function goToStepEvents(s: Snapshot) {
  if (onStep(s, 6)) return [1, 2, 3, 4, 5].map((step) => goToStep(step));
  return onStep(s, 2) ? [GO_TO_STEP_6] : [];
}

const GO_TO = new Map<number, { type: 'GO_TO_STEP'; step: number }>();
export function goToStep(step: number) {
  const event = GO_TO.get(step) ?? { type: 'GO_TO_STEP' as const, step };
  GO_TO.set(step, event);
  return event;
}
GO_TO.set(2, GO_TO_STEP_2);
GO_TO.set(6, GO_TO_STEP_6);

/** The form events of a new property, each offered only on the step whose questions it answers. */
function newPropertyEvents(surface: WalkSurface) {
  return {
    SET_KIND: (s: Snapshot) => (onStep(s, 1) ? [SET_LOGISTICS] : []),
    EDIT: (s: Snapshot) =>
      onStep(s, 2)
        ? [EDIT_CITY, EDIT_GENERAL_REST]
        : onStep(s, 3)
          ? [EDIT_BUILDING]
          : onStep(s, 4)
            ? [EDIT_ENVIRONMENT]
            : [],
    ADD_FILES: (s: Snapshot) => (surface === 'model' && onStep(s, 5) ? [ADD_IMAGES] : []),
    REORDER_FILES: (s: Snapshot) => (surface === 'model' && onStep(s, 5) ? [SWAP_IMAGES] : []),
    SET_CAPTION: (s: Snapshot) => (surface === 'model' && onStep(s, 5) ? [CAPTION_IMAGE_A] : []),
    REMOVE_FILE: (s: Snapshot) => (surface === 'model' && onStep(s, 5) ? [REMOVE_IMAGE_A] : []),
    NEXT: [{ type: 'NEXT' as const }],
    BACK: [BACK],
    GO_TO_STEP: goToStepEvents,
    PUBLISH: [{ type: 'PUBLISH' as const }],
    FLUSH: (s: Snapshot) => (onStep(s, 2) ? [FLUSH] : []),
    SAVE: [],
    CLEAR: [],
    // Raised by the machine after each form event; a caller never sends it.
    SCHEDULE_AUTOSAVE: [],
    RESUME_DRAFT: [{ type: 'RESUME_DRAFT' as const }],
    START_FRESH: [{ type: 'START_FRESH' as const }],
    RETRY: [],
  };
}

/**
 * A new property, through every step to publishing. Form events are offered only on the step whose
 * questions they answer, and server saves are left to the second walk, so the graph stays small
 * while every autosave delay and write interleaves with navigation.
 */
export function planNewPropertyWalk(surface: WalkSurface) {
  return planMachineWalk({
    machine: propertyWizardMachine,
    input: { mode: 'create', now: () => FIXED_NOW },
    events: newPropertyEvents(surface),
    actorOutputs: {
      loadLocalDraft: [null, LOCAL_DRAFT_STEP_3, ...onModel(surface, [LOCAL_DRAFT_EMPTY])],
      saveLocalDraft: [undefined],
      saveLocalDraftOnClose: [undefined],
      publishProperty: [PUBLISHED],
    },
    actorErrors: {
      loadLocalDraft: onModel(surface, [new Error('SecurityError')]),
      // A failed write matters where a publish may follow it (the autosave must resume after a failed publish).
      saveLocalDraft: (s) => (surface === 'model' && onStep(s, 6) ? [new Error('QuotaExceededError')] : []),
      // Unlisted actors fail with a plain Error on the model; the screen fails only what it can show.
      ...(surface === 'screen' ? { saveLocalDraftOnClose: [], publishProperty: [FAILED_FETCH] } : {}),
    },
    contextThatMatters,
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.furthestStep, fillLevel(s.context), s.context.unsavedLocal]),
    describeEvent,
    generators: ['shortest', 'edge'],
    maxPaths: 800,
    limit: 40_000,
  });
}

/**
 * The browser returns (back or forward) to a wizard page this tab had open: its local draft is
 * taken without the offer, on the step it was left, or an empty one is dropped.
 */
export function planReturningTabWalk(surface: WalkSurface) {
  return planMachineWalk({
    machine: propertyWizardMachine,
    input: { mode: 'create', now: () => FIXED_NOW, takeLocalDraft: true },
    events: {
      ...newPropertyEvents(surface),
      SET_KIND: [],
      EDIT: [],
      ADD_FILES: [],
      REORDER_FILES: [],
      SET_CAPTION: [],
      REMOVE_FILE: [],
      GO_TO_STEP: [],
      NEXT: [],
      PUBLISH: [],
      FLUSH: [],
      BACK: (s) => (onStep(s, 1) ? [BACK] : []),
    },
    actorOutputs: {
      loadLocalDraft: [LOCAL_DRAFT_STEP_3, ...onModel(surface, [LOCAL_DRAFT_EMPTY])],
      saveLocalDraft: [undefined],
      saveLocalDraftOnClose: [undefined],
    },
    actorErrors: { loadLocalDraft: [], saveLocalDraft: [], saveLocalDraftOnClose: [] },
    contextThatMatters,
    serializeState: (s) => JSON.stringify([s.value, s.context.step, s.context.unsavedLocal]),
    describeEvent,
    generators: ['shortest', 'edge'],
    maxPaths: 100,
    limit: 5_000,
  });
}

/**
 * A stored property: loading, the offer of its local draft, then typing, manual server saves, flushes
 * and clearing on its step, with every save failing or succeeding. Drafts left on steps 4 and 5
 * reopen there.
 */
export function planStoredPropertyWalk(surface: WalkSurface) {
  const failure = (model: Error) => (surface === 'screen' ? FAILED_FETCH : model);
  return planMachineWalk({
    machine: propertyWizardMachine,
    input: { mode: 'resume', propertyId: DRAFT_ID, now: () => FIXED_NOW },
    events: {
      SET_KIND: [],
      EDIT: (s) =>
        onStep(s, 2) ? [EDIT_CITY, ...onModel(surface, [EDIT_GENERAL_REST as typeof EDIT_CITY])] : [],
      ADD_FILES: [],
      REORDER_FILES: [],
      SET_CAPTION: [],
      REMOVE_FILE: [],
      NEXT: [],
      BACK: (s) => (onStep(s, 1) ? [BACK] : []),
      GO_TO_STEP: [],
      PUBLISH: [],
      SAVE: (s) => (onStep(s, 1, 2) ? [{ type: 'SAVE' as const }] : []),
      FLUSH: (s) => (surface === 'model' || onStep(s, 2) ? [FLUSH] : []),
      CLEAR: (s) => (onStep(s, 2) ? [CLEAR] : []),
      SCHEDULE_AUTOSAVE: [],
      RESUME_DRAFT: [{ type: 'RESUME_DRAFT' }],
      START_FRESH: [{ type: 'START_FRESH' }],
      RETRY: [{ type: 'RETRY' }],
    },
    actorOutputs: {
      loadProperty: [DRAFT_AT_STEP_2, DRAFT_AT_STEP_4, DRAFT_AT_STEP_5, ...onModel(surface, [PUBLISHED])],
      loadLocalDraft: [null, LOCAL_DRAFT_KIND_ONLY, ...onModel(surface, [LOCAL_DRAFT_IN_SYNC])],
      saveLocalDraft: [undefined],
      saveLocalDraftOnClose: [undefined],
      saveServerDraft: [SAVED_DRAFT],
    },
    actorErrors: {
      loadProperty: [failure(new Error('Network error'))],
      loadLocalDraft: [],
      saveLocalDraft: onModel(surface, [new Error('QuotaExceededError')]),
      saveLocalDraftOnClose: onModel(surface, [new Error('QuotaExceededError')]),
      saveServerDraft: [failure(new Error('Server error'))],
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
}

export const newPropertyWalk = planNewPropertyWalk('model');
export const returningTabWalk = planReturningTabWalk('model');
export const storedPropertyWalk = planStoredPropertyWalk('model');

export function planPropertyWizardWalks() {
  const check = (replay: PathReplay<Machine>, path: WalkPath<Machine>) => expectNothingLost(path, replay);
  return [
    { name: 'a new property', walk: newPropertyWalk, check },
    { name: 'a page of this tab returned to', walk: returningTabWalk, check },
    { name: 'a stored property', walk: storedPropertyWalk, check },
  ];
}
