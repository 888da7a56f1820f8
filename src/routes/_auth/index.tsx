import { createFileRoute } from '@tanstack/react-router';
import { loadPropertyList } from '@/features/properties/load-property-list';
import { PropertiesPage } from '@/features/properties/properties-page';
import { validatePropertiesSearch } from '../-search';

export const Route = createFileRoute('/_auth/')({
  staticData: { titleKey: 'properties' },
  validateSearch: validatePropertiesSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadPropertyList(context.queryClient, deps),
  component: PropertiesPage,
});
