import { createFileRoute } from '@tanstack/react-router';
import { PropertiesPage } from '@/features/properties/properties-page';
import { validatePropertiesSearch } from '../../-search';

export const Route = createFileRoute('/_auth/properties/')({
  staticData: { titleKey: 'properties' },
  validateSearch: validatePropertiesSearch,
  component: PropertiesPage,
});
