/**
 * The draft kept in the browser (spec 4, "Wizard": "the draft, minus the media files, is persisted in
 * browser storage"). The machine builds it and decides what to offer on return; the app only
 * stores and reads it.
 *
 * One draft per property: `propertyId: null` is the property not yet on the server (the spec's one
 * draft), an id is a property already stored (a server draft resumed, or an edit). So resuming one
 * server draft never overwrites the unsaved work of another.
 */
import {
  isPropertyFormEmpty,
  type MediaDocuments,
  type MediaFileDescriptor,
  type PropertyForm,
} from '@domain/property-form';
import { MEDIA_GROUPS } from '@domain/property-options';
import { clampWizardStep, type WizardStep } from '@domain/wizard-steps';

export const LOCAL_DRAFT_VERSION = 1;

export interface LocalDraft {
  /** Bumped when the shape changes; the app drops a draft of another version instead of misreading it. */
  version: typeof LOCAL_DRAFT_VERSION;
  /** Media groups hold only files already stored on the server (see `toLocalDraftForm`). */
  form: PropertyForm;
  step: WizardStep;
  furthestStep: WizardStep;
  /** Epoch ms; shown in the "take me to draft" offer. */
  startedAt: number;
  /** Epoch ms of this write. */
  savedAt: number;
  /** True when this copy holds changes the server does not have (or the property is not on the server). */
  unsavedServer: boolean;
  /** The idempotency key of the property's first server save (absent in drafts written before it). */
  draftKey?: string;
}

/** Where a local draft lives: null for the property not yet on the server, else its id. */
export interface LocalDraftKey {
  propertyId: string | null;
}

/**
 * The form as stored locally: files picked on this device are dropped (their contents cannot be
 * kept in storage, and a descriptor without its file could never be uploaded); files already on the
 * server stay, as plain descriptors, so whatever a screen attached to them is not serialised.
 */
export function toLocalDraftForm(form: PropertyForm): PropertyForm {
  const media = {} as MediaDocuments;
  for (const group of MEDIA_GROUPS) {
    media[group.key] = form.mediaDocuments[group.key]
      .filter((file) => file.stored === true)
      .map(plainDescriptor);
  }
  return { ...form, mediaDocuments: media };
}

/**
 * Whether a stored draft is worth offering. For a new property: it has any answer (spec: "an
 * unfinished draft"). For a stored property: it holds changes the server lacks; otherwise the
 * server copy, just loaded, is the same work.
 */
export function isResumableDraft(draft: LocalDraft | null, key: LocalDraftKey): draft is LocalDraft {
  if (draft === null) return false;
  return key.propertyId === null ? !isPropertyFormEmpty(draft.form) : draft.unsavedServer;
}

/** Step and furthest step as the wizard can use them, whatever storage held. */
export function draftSteps(draft: Pick<LocalDraft, 'step' | 'furthestStep'>) {
  const step = clampWizardStep(draft.step);
  return { step, furthestStep: Math.max(step, clampWizardStep(draft.furthestStep)) as WizardStep };
}

function plainDescriptor(file: MediaFileDescriptor): MediaFileDescriptor {
  const plain = { id: file.id, name: file.name, size: file.size, mimeType: file.mimeType, stored: true };
  return file.caption ? { ...plain, caption: file.caption } : plain;
}
