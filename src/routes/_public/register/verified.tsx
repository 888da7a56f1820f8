import { createFileRoute } from '@tanstack/react-router';
import { CompanyDetailsStep } from '@/features/auth/register/company-details-step';
import { loadNamespaces } from '@/i18n/i18n';
import { validateRegisterVerifiedSearch } from '../../-search';

/** Spec: after the code is verified the registration screen continues with company details. */
export const Route = createFileRoute('/_public/register/verified')({
  validateSearch: validateRegisterVerifiedSearch,
  staticData: { titleKey: 'register' },
  // The company step names the business types.
  loader: () => loadNamespaces('options'),
  component: CompanyDetailsRoute,
});

function CompanyDetailsRoute() {
  const { l } = Route.useSearch();
  return <CompanyDetailsStep leadId={l} />;
}
