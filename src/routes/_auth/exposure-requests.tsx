import { createFileRoute } from '@tanstack/react-router';
import { EXPOSURE_FILTERS } from '@/features/exposure-requests/exposure-filters';
import { ExposureRequestsPage } from '@/features/exposure-requests/exposure-requests-page';
import { LazyExposureRequestDialog } from '@/features/properties/exposure/lazy-exposure-request-dialog';
import { loadNamespaces } from '@/i18n/i18n';

type ExposureSearch = { status?: (typeof EXPOSURE_FILTERS)[number] };

export const Route = createFileRoute('/_auth/exposure-requests')({
  staticData: { titleKey: 'exposureRequests' },
  validateSearch: (search: Record<string, unknown>): ExposureSearch => {
    const status = EXPOSURE_FILTERS.find((value) => value === search.status);
    return status ? { status } : {};
  },
  loader: () => loadNamespaces('exposure'),
  component: ExposureRequestsRoute,
});

function ExposureRequestsRoute() {
  const { status } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ExposureRequestsPage
      status={status ?? null}
      onStatusChange={(next) => navigate({ search: next ? { status: next } : {} })}
      amendDialog={(request, onClose) => (
        <LazyExposureRequestDialog
          opened
          onClose={onClose}
          propertyId={request.properties[0]?.propertyId ?? ''}
          name={request.clientName}
          amend={request}
        />
      )}
    />
  );
}
