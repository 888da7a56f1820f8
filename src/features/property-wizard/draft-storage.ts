/**
 * Where the wizard keeps its unfinished draft (the form minus media files) between visits.
 * The spec names no key; this one is ours. Logout removes it (spec 4).
 */
export const PROPERTY_DRAFT_STORAGE_KEY = 'property-draft';

export function clearStoredPropertyDraft(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    storage.removeItem(PROPERTY_DRAFT_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, quota); there is then nothing stored to remove.
  }
}
