/**
 * The stored drafts' key and their removal at logout, apart from draft-storage.ts: logout runs on
 * every screen, and importing draft-storage would bring the draft schema (and zod) into the first
 * load of every page, the sign-in page included.
 */
export const PROPERTY_DRAFT_STORAGE_KEY = 'property-draft';

/** Removes every stored property draft (logout). */
export function clearStoredPropertyDraft(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    storage.removeItem(PROPERTY_DRAFT_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, quota); there is then nothing stored to remove.
  }
}
