/**
 * Where the wizard keeps its unfinished drafts (the form minus files picked on this device) between
 * visits. The spec names no key; this one is ours. All drafts live under the one key, as a map from
 * the property's id ('new' for the property not yet on the server) to its draft, so logout removes
 * every one of them at once (spec 4).
 */
import type { LocalDraft } from '@machines/property-wizard/local-draft';
import { PROPERTY_DRAFT_STORAGE_KEY } from './draft-storage-key';
import { parseLocalDraft } from './local-draft-schema';

export {
  clearStoredPropertyDraft,
  FLUSH_PROPERTY_DRAFTS_EVENT,
  PROPERTY_DRAFT_STORAGE_KEY,
} from './draft-storage-key';

/** The slot of the property not yet on the server. */
const NEW_PROPERTY_SLOT = 'new';

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function slotOf(propertyId: string | null): string {
  return propertyId ?? NEW_PROPERTY_SLOT;
}

/** The stored map; anything unreadable counts as no drafts (the next write replaces it). */
function readAll(storage: DraftStorage): Record<string, unknown> {
  const text = storage.getItem(PROPERTY_DRAFT_STORAGE_KEY);
  if (text === null) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The draft of a property, or null when there is none or it is not a valid version-1 draft. */
export function readLocalDraft(
  propertyId: string | null,
  storage: DraftStorage = localStorage,
): LocalDraft | null {
  return parseLocalDraft(readAll(storage)[slotOf(propertyId)]);
}

/** Synchronous on purpose: it runs as the page is hidden, when nothing asynchronous is sure to finish. */
export function writeLocalDraft(
  propertyId: string | null,
  draft: LocalDraft,
  storage: DraftStorage = localStorage,
): void {
  const all = readAll(storage);
  all[slotOf(propertyId)] = draft;
  storage.setItem(PROPERTY_DRAFT_STORAGE_KEY, JSON.stringify(all));
}

/** Every valid stored draft with the property it belongs to (null: the property not yet on the server). */
export function readLocalDrafts(
  storage: DraftStorage = localStorage,
): Array<{ propertyId: string | null; draft: LocalDraft }> {
  return Object.entries(readAll(storage)).flatMap(([slot, value]) => {
    const draft = parseLocalDraft(value);
    return draft ? [{ propertyId: slot === NEW_PROPERTY_SLOT ? null : slot, draft }] : [];
  });
}

export function removeLocalDraft(propertyId: string | null, storage: DraftStorage = localStorage): void {
  try {
    const all = readAll(storage);
    const slot = slotOf(propertyId);
    if (!(slot in all)) return;
    delete all[slot];
    if (Object.keys(all).length === 0) storage.removeItem(PROPERTY_DRAFT_STORAGE_KEY);
    else storage.setItem(PROPERTY_DRAFT_STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Unavailable storage holds no draft to remove.
  }
}
