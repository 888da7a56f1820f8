import { createFileRoute } from '@tanstack/react-router';
import { DraftsPage } from '@/features/properties/drafts/drafts-page';
import { loadPropertyList } from '@/features/properties/load-property-list';
import { useLocalOnlyDraft } from '@/features/property-wizard/local-only-draft';
import { loadNamespaces } from '@/i18n/i18n';

/**
 * Every unfinished property: this browser's local draft (the wizard's feature keeps it) and the
 * server's drafts (the list's, under its drafts filter). Features do not import each other, so the
 * route brings the two together.
 */
export const Route = createFileRoute('/_auth/drafts')({
  staticData: { titleKey: 'drafts' },
  // The screen's own texts, and the list's own loader under the drafts filter: the first page, the
  // counts and (on a wide screen) the table's code start downloading with the page's.
  loader: ({ context }) =>
    Promise.all([loadNamespaces('drafts'), loadPropertyList(context.queryClient, { filter: 'drafts' })]),
  component: DraftsRoute,
});

function DraftsRoute() {
  const local = useLocalOnlyDraft();
  return <DraftsPage localDraft={local.draft} onDeleteLocalDraft={local.remove} />;
}
