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

/** Whether any property draft is stored at all; cheap, so sign-out loads nothing more without one. */
export function hasStoredPropertyDrafts(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(PROPERTY_DRAFT_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/** Sent on the window when the app needs every open wizard's typing in storage now (sign-out). */
export const FLUSH_PROPERTY_DRAFTS_EVENT = 'nechasim:flush-property-drafts';

/** Asks an open wizard to write what its autosave debounce still holds; the write is synchronous. */
export function flushOpenPropertyDrafts(): void {
  window.dispatchEvent(new Event(FLUSH_PROPERTY_DRAFTS_EVENT));
}
