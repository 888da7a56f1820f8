import { createFileRoute } from '@tanstack/react-router';
import { DraftsPage } from '@/features/properties/drafts/drafts-page';
import { loadPropertyRows } from '@/features/properties/load-property-list';
import { hasStoredPropertyDrafts } from '@/features/property-wizard/draft-storage-key';
import { loadNamespaces } from '@/i18n/i18n';
import { useLocalOnlyDraft } from './-local-draft';

/**
 * Every unfinished property: this browser's local draft (the wizard's feature keeps it) and the
 * server's drafts (the list's, under its drafts filter). Features do not import each other, so the
 * route brings the two together.
 */
export const Route = createFileRoute('/_auth/drafts')({
  staticData: { titleKey: 'drafts' },
  // The screen's own texts, and the list's rows under the drafts filter (the list's tools are not
  // drawn here): the first page, the counts and (on a wide screen) the table's code start downloading
  // with the page's. With a draft stored, its reader and its card too, so the first render draws it in
  // place; without one, neither.
  loader: ({ context }) =>
    Promise.all([
      loadNamespaces('drafts'),
      loadPropertyRows(context.queryClient, { filter: 'drafts' }),
      hasStoredPropertyDrafts() && import('./-local-draft').then((module) => module.loadLocalDraft()),
    ]),
  component: DraftsRoute,
});

function DraftsRoute() {
  const local = useLocalOnlyDraft();
  return <DraftsPage localDraft={local.draft} onDeleteLocalDraft={local.remove} />;
}
