/**
 * The local drafts sign-out would clear while they hold work the server lacks, and their save to the
 * server before signing out (issue 19, item 8). Loaded only when sign-out finds a stored draft: it
 * brings the draft schema and the property requests, which the first load of a page does not need.
 *
 * "Unsaved" is the wizard's own rule for a draft worth offering back (`isResumableDraft`): a new
 * property's draft with any answer (never on the server), or a stored property's draft marked
 * `unsavedServer` (changed after its last server save). One rule, so the dialog and the wizard's
 * "continue the draft?" offer never disagree.
 */
import { isResumableDraft, type LocalDraft } from '@machines/property-wizard/local-draft';
import type { SavePropertyInput } from '@machines/property-wizard/property-wizard.machine';
import { readLocalDrafts } from './draft-storage';
import { createPropertyRequests } from './property-requests';
import { createWizardFiles } from './wizard-files';

export interface UnsavedDraft {
  /** Null for the property not yet on the server. */
  propertyId: string | null;
  draft: LocalDraft;
}

export function findUnsavedDrafts(storage?: Storage): UnsavedDraft[] {
  return readLocalDrafts(storage).filter(({ propertyId, draft }) => isResumableDraft(draft, { propertyId }));
}

/** 128 random bits as hex, for a draft written before drafts kept their idempotency key. */
function randomKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Stores every unsaved draft on the server, one after the other; rejects at the first failure with
 * the server's error. A new property is created as a draft with the draft's own idempotency key, so
 * a retry (or the wizard's own later save) never makes a second property. A stored property keeps its
 * status: a draft is updated as a draft; changes to a published property are saved as the wizard's
 * "save changes" saves them, since saving them "as a draft" would take the property off the market.
 */
export async function saveUnsavedDrafts(signal: AbortSignal, storage?: Storage): Promise<void> {
  // Local drafts hold only files already on the server (toLocalDraftForm): nothing to upload.
  const requests = createPropertyRequests({ files: createWizardFiles(), onUploadProgress: () => {} });
  for (const { propertyId, draft } of findUnsavedDrafts(storage)) {
    const input: SavePropertyInput = {
      propertyId,
      form: draft.form,
      wizardStep: draft.step,
      idempotencyKey: draft.draftKey ?? randomKey(),
    };
    if (propertyId === null) {
      await requests.saveDraft(input, signal);
      continue;
    }
    const stored = await requests.loadProperty(propertyId, signal);
    if (stored.status === 'published') await requests.publish(input, signal);
    else await requests.saveDraft(input, signal);
  }
}
