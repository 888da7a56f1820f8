/**
 * What the wizard's screens read from a snapshot, so no screen re-derives save or step state.
 */

import { formProblems, problemsShownOnStep } from '@domain/wizard-rules';
import type { SnapshotFrom } from 'xstate';
import type { PropertyWizardContext, PropertyWizardMachine } from './property-wizard.machine';

type WizardSnapshot = SnapshotFrom<PropertyWizardMachine>;

export type SaveIndicator =
  | { kind: 'saving' }
  /** `at`: epoch ms of the last write. */
  | { kind: 'saved'; at: number }
  | { kind: 'unsaved' }
  /** Nothing typed and nothing saved yet. */
  | { kind: 'idle' };

/** Spec 2: the status line shows saving, saved with time, and 'N required fields remaining'. */
export type StatusLine = SaveIndicator & { missingCount: number };

/** Spec 4, "Form status". */
export type FormStatus = 'draft' | 'published' | 'saving' | 'saved';

/**
 * What still keeps the property from publishing on the current step; on the review step all of it.
 * The same `formProblems` decides the ticks, the review box, "publish" and the server's check, so
 * 0 on the review step means exactly that publishing is allowed.
 */
export function selectMissingCount(context: Pick<PropertyWizardContext, 'step' | 'form'>): number {
  return problemsShownOnStep(context.step, formProblems(context.form)).length;
}

function isSaving(snapshot: WizardSnapshot): boolean {
  return (
    snapshot.matches('publishing') ||
    snapshot.matches('closing') ||
    snapshot.matches({ editing: { autosave: 'saving' } }) ||
    snapshot.matches({ editing: { serverSave: 'saving' } })
  );
}

export function selectSaveIndicator(snapshot: WizardSnapshot): SaveIndicator {
  const { context } = snapshot;
  if (isSaving(snapshot)) return { kind: 'saving' };
  if (context.unsavedLocal) return { kind: 'unsaved' };
  if (context.lastSavedAt !== null) return { kind: 'saved', at: context.lastSavedAt };
  return { kind: 'idle' };
}

export function selectStatusLine(snapshot: WizardSnapshot): StatusLine {
  return { ...selectSaveIndicator(snapshot), missingCount: selectMissingCount(snapshot.context) };
}

/**
 * 'saving' while any save or the publish runs; 'published' for a published property; 'saved' when
 * every change is written; 'draft' otherwise (changes pending, or nothing saved yet).
 */
export function selectFormStatus(snapshot: WizardSnapshot): FormStatus {
  if (isSaving(snapshot)) return 'saving';
  if (snapshot.context.status === 'published') return 'published';
  const indicator = selectSaveIndicator(snapshot);
  return indicator.kind === 'saved' ? 'saved' : 'draft';
}

/**
 * A published property's edit holds a change the server lacks: leaving would lose it, so the app
 * asks first. A draft is never asked about (its work is kept as a draft), nor is a save under way.
 */
export function selectHasUnsavedEdits(snapshot: WizardSnapshot): boolean {
  const { context } = snapshot;
  return (
    snapshot.status === 'active' &&
    context.status === 'published' &&
    context.unsavedServer &&
    !snapshot.matches('publishing')
  );
}
