/**
 * The one draft that exists only in this browser: the new property's (the "new" slot), before its
 * first server save. The /drafts screen lists it beside the server's drafts. Drafts kept under a
 * property's id are local edits of a draft the server already lists, so they are not drafts of their
 * own; continuing that server draft offers them back.
 */
import { isResumableDraft, type LocalDraft } from '@machines/property-wizard/local-draft';
import { readLocalDraft, removeLocalDraft } from './draft-storage';

/** The new property's draft when it holds any answer; unreadable storage holds none. */
export function readLocalOnlyDraft(): LocalDraft | null {
  try {
    const draft = readLocalDraft(null);
    return isResumableDraft(draft, { propertyId: null }) ? draft : null;
  } catch {
    return null;
  }
}

/** Deleting it is final: the wizard never saved it anywhere else. */
export function removeLocalOnlyDraft(): void {
  removeLocalDraft(null);
}
