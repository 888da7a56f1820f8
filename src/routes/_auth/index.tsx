import { createFileRoute } from '@tanstack/react-router';
import { PropertiesPage } from '@/features/properties/properties-page';

export const Route = createFileRoute('/_auth/')({
  staticData: { titleKey: 'properties' },
  component: PropertiesPage,
});
