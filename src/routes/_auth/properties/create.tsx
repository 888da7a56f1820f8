import { createFileRoute } from '@tanstack/react-router';
import { WizardPage } from '@/features/property-wizard/wizard-page';

export const Route = createFileRoute('/_auth/properties/create')({
  staticData: { titleKey: 'createProperty' },
  component: WizardPage,
});
