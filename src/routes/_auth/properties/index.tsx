import { createFileRoute } from '@tanstack/react-router';
import { prefetchPropertyList } from '@/features/properties/api/prefetch-property-list';
import { PropertiesPage } from '@/features/properties/properties-page';
import { validatePropertiesSearch } from '../../-search';

export const Route = createFileRoute('/_auth/properties/')({
  staticData: { titleKey: 'properties' },
  validateSearch: validatePropertiesSearch,
  loaderDeps: ({ search }) => ({ filter: search.filter, q: search.q }),
  loader: ({ context, deps }) => prefetchPropertyList(context.queryClient, deps),
  component: PropertiesPage,
});
