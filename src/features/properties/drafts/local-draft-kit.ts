/**
 * What /drafts draws only for a local draft: its view in the list's terms (the field registry and the
 * form's mapper), its phone card and its delete question. Loaded when a draft is stored
 * (load-local-draft-kit.ts); the table's row loads with the table.
 */
export { DeleteLocalDraftDialog } from './delete-local-draft-dialog';
export { LocalDraftCard } from './local-draft-card';
export { localDraftView } from './local-draft-view';
