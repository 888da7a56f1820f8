import { createFileRoute } from '@tanstack/react-router';
import { WizardPage } from '@/features/property-wizard/wizard-page';
import { loadNamespaces } from '@/i18n/i18n';
import { validatePropertyWizardSearch } from '../../-search';

/** New property; `?draft=<id>` resumes a draft stored on the server, `?edit=<id>` opens a published one. */
export const Route = createFileRoute('/_auth/properties/create')({
  validateSearch: validatePropertyWizardSearch,
  staticData: { titleKey: (search) => (search.edit ? 'editProperty' : 'createProperty') },
  loader: () => loadNamespaces('wizard'),
  component: WizardPage,
});
