import { startTransition, use, useCallback, useEffect, useMemo, useState } from 'react';
import { loadOnce } from '@/components/load-once';
import { hasStoredPropertyDrafts, PROPERTY_DRAFT_STORAGE_KEY } from './draft-storage-key';

/** The draft's reader brings the draft schema (and zod): it loads only when a draft is stored. */
const loadReader = loadOnce(() => import('./local-only-draft'));

/**
 * Starts loading the stored draft's reader for a route's loader to wait on; null when nothing is
 * stored, so a browser without a draft loads nothing more.
 */
export function loadLocalOnlyDraftReader(): Promise<unknown> | null {
  return hasStoredPropertyDrafts() ? loadReader() : null;
}

/**
 * The local-only draft (local-only-draft.ts) as the screen shows it, kept current when another tab of
 * this browser writes or removes it (the wizard open beside the list). Suspends for the reader when a
 * draft is stored and the route's loader did not load it; a draft written by another tab waits for it
 * in a transition, with the screen as it was.
 */
export function useLocalOnlyDraft() {
  const [storage, setStorage] = useState(() => ({ stored: hasStoredPropertyDrafts() }));
  const reader = storage.stored ? use(loadReader()) : null;
  const draft = useMemo(
    () => (storage.stored && reader ? reader.readLocalOnlyDraft() : null),
    [reader, storage],
  );

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== PROPERTY_DRAFT_STORAGE_KEY) return;
      startTransition(() => setStorage({ stored: hasStoredPropertyDrafts() }));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const remove = useCallback(() => {
    reader?.removeLocalOnlyDraft();
    setStorage({ stored: hasStoredPropertyDrafts() });
  }, [reader]);

  return { draft, remove };
}
