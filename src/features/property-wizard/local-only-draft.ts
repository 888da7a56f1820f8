/**
 * The one draft that exists only in this browser: the new property's (the "new" slot), before its
 * first server save. The /drafts screen lists it beside the server's drafts. Drafts kept under a
 * property's id are local edits of a draft the server already lists, so they are not drafts of their
 * own; continuing that server draft offers them back.
 */
import { isResumableDraft, type LocalDraft } from '@machines/property-wizard/local-draft';
import { useCallback, useEffect, useState } from 'react';
import { readLocalDraft, removeLocalDraft } from './draft-storage';
import { PROPERTY_DRAFT_STORAGE_KEY } from './draft-storage-key';

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

/**
 * The local-only draft as the screen shows it, kept current when another tab of this browser writes
 * or removes it (the wizard open beside the list).
 */
export function useLocalOnlyDraft(): { draft: LocalDraft | null; remove(): void } {
  const [draft, setDraft] = useState(() => readLocalOnlyDraft());

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === PROPERTY_DRAFT_STORAGE_KEY) setDraft(readLocalOnlyDraft());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const remove = useCallback(() => {
    removeLocalOnlyDraft();
    setDraft(readLocalOnlyDraft());
  }, []);

  return { draft, remove };
}
