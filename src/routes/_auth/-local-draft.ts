import { loadLocalDraftKit } from '@/features/properties/drafts/load-local-draft-kit';
import { loadLocalOnlyDraftReader } from '@/features/property-wizard/use-local-only-draft';

export { useLocalOnlyDraft } from '@/features/property-wizard/use-local-only-draft';

/**
 * The stored local draft's reader (the wizard's feature) and its card (the list's), which /drafts'
 * loader waits for only when a draft is stored. One module with the screen's hook, so the loader, which
 * sits in the app's entry, names one more file there and not each of them.
 */
export const loadLocalDraft = () => Promise.all([loadLocalOnlyDraftReader(), loadLocalDraftKit()]);
