import { createFileRoute } from '@tanstack/react-router';
import { propertyQueryOptions } from '@/features/properties/api/get-property';
import { PropertyViewPage } from '@/features/properties/property-view-page';
import { loadNamespaces } from '@/i18n/i18n';

export const Route = createFileRoute('/_auth/properties/$propertyId')({
  // The header names the section; the page's own heading is the property's address.
  staticData: { titleKey: 'properties' },
  // Start reading while the route resolves (and on hover of a link); the page shows its own states.
  loader: async ({ context, params }) => {
    void context.queryClient.prefetchQuery(propertyQueryOptions(params.propertyId));
    // The listing's texts (gallery, key facts, the facts' labels), kept out of the list's first load.
    await Promise.all([
      loadNamespaces('listing'),
      import('@/i18n/fact-texts').then(({ loadFactTexts }) => loadFactTexts()),
    ]);
  },
  component: PropertyViewPageRoute,
});

function PropertyViewPageRoute() {
  const { propertyId } = Route.useParams();
  return <PropertyViewPage id={propertyId} />;
}
