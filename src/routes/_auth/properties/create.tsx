import { createFileRoute } from '@tanstack/react-router';
import { WizardPage } from '@/features/property-wizard/wizard-page';
import { validatePropertyWizardSearch } from '../../-search';

/** New property; `?draft=<id>` resumes a draft stored on the server, `?edit=<id>` opens a published one. */
export const Route = createFileRoute('/_auth/properties/create')({
  validateSearch: validatePropertyWizardSearch,
  staticData: { titleKey: (search) => (search.edit ? 'editProperty' : 'createProperty') },
  // The listing facts' texts load with the wizard, off the list's first load (src/i18n/fact-texts.ts).
  loader: () => import('@/i18n/fact-texts').then(({ loadFactTexts }) => loadFactTexts('wizard')),
  component: WizardPage,
});
