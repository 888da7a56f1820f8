/**
 * What every replayed path of the property wizard must leave behind (run by the path-coverage test,
 * the one replay of each path): no typed value lost, and, over all paths, every action the app supplies
 * run at least once.
 */

import { isPropertyFormEmpty } from '@domain/property-form';
import { type LocalDraft, toLocalDraftForm } from '@machines/property-wizard/local-draft';
import type {
  propertyWizardMachine,
  SaveLocalDraftInput,
} from '@machines/property-wizard/property-wizard.machine';
import { expect } from 'vitest';
import { slotOf } from '../fixtures/property-wizard-actor';
import type { PathReplay, WalkCoverage, WalkPath } from '../harness/walk-machine';

type Machine = typeof propertyWizardMachine;

const LOCAL_WRITE_IDS = new Set(['saveLocalDraft', 'saveLocalDraftOnClose']);

/**
 * Storage as the app would leave it: the draft the path loaded, then, in the order the machine ran
 * them, every local write that did not fail (a write lands when it starts) and every clear.
 */
function storageAfter(path: WalkPath<Machine>, replay: PathReplay<Machine>): Map<string, LocalDraft> {
  const storage = new Map<string, LocalDraft>();
  const load = replay.invocations.find((invocation) => invocation.id === 'loadLocalDraft');
  const loaded = path.steps.find((step) => step.event.type === 'xstate.done.actor.loadLocalDraft');
  if (load && loaded?.event.output) {
    storage.set(slotOf((load.input as { propertyId: string | null }).propertyId), loaded.event.output);
  }
  for (const action of replay.actions) {
    if (action.type === 'clearLocalDraft') {
      storage.delete(slotOf((action.params as { propertyId: string | null }).propertyId));
    }
    const spawn = action.params as { id?: string; input?: SaveLocalDraftInput } | undefined;
    if (action.type === 'xstate.spawnChild' && spawn?.id && LOCAL_WRITE_IDS.has(spawn.id) && spawn.input) {
      const status = replay.invocations.find((invocation) => invocation.input === spawn.input)?.status;
      if (status && status !== 'rejected') storage.set(slotOf(spawn.input.propertyId), spawn.input.draft);
    }
  }
  return storage;
}

/**
 * The promise of the wizard: a reload or a closed tab loses no typed value. Whenever the wizard
 * says everything is written (no unsaved local change, no debounce pending), storage holds exactly
 * the form and step on screen, or the server does and storage holds nothing stale.
 */
export function expectNothingLost(path: WalkPath<Machine>, replay: PathReplay<Machine>) {
  const snapshot = replay.finalSnapshot;
  const { context } = snapshot;
  const storage = storageAfter(path, replay);
  const effects = replay.actions.map((action) => action.type);
  const count = (type: string) => effects.filter((effect) => effect === type).length;

  if (snapshot.matches('published')) {
    expect(storage.size).toBe(0);
    expect([count('navigateToList'), count('notifyPublished'), count('syncPropertyList')]).toEqual([1, 1, 1]);
    return;
  }
  expect(count('navigateToList')).toBe(snapshot.matches('cancelled') ? 1 : 0);
  // Never idle with an unwritten change, unless the last write failed (the next change retries).
  if (snapshot.matches({ editing: { autosave: 'idle' } }) && context.unsavedLocal) {
    const writes = replay.invocations.filter((invocation) => invocation.src === 'saveLocalDraft');
    expect(writes.at(-1)?.status).toBe('rejected');
  }
  const settled =
    (snapshot.matches('editing') && !snapshot.matches({ editing: { autosave: 'debouncing' } })) ||
    snapshot.matches('cancelled');
  if (!settled || context.unsavedLocal) return;
  const saved = storage.get(slotOf(context.serverId));
  if (saved) {
    expect(saved.form).toEqual(toLocalDraftForm(context.form));
    expect(saved.step).toBe(context.step);
  } else {
    const nothingTyped = isPropertyFormEmpty(context.form) && context.step === 1;
    expect(nothingTyped || !context.unsavedServer).toBe(true);
  }
}

/** The actions the app supplies: each must run on some path. */
const APP_ACTIONS = [
  'clearLocalDraft',
  'navigateToList',
  'syncPropertyList',
  'notifyDraftLoaded',
  'showDraftAddress',
  'notifyLoadFailed',
  'notifyDraftSaved',
  'notifyNoChanges',
  'notifySaveFailed',
  'notifyDraftCleared',
  'notifyPublished',
  'notifyPublishFailed',
] as const;

/** The app's actions no path of the three walks ran (the coverage gate fails on each). */
export function appActionsNeverRun(coverage: WalkCoverage): string[] {
  return APP_ACTIONS.filter((action) => !coverage.actions[action]).map(
    (action) => `action ${action} never runs`,
  );
}
