import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '@/features/auth/register-page';
import { loadNamespaces } from '@/i18n/i18n';
import { validateRegisterSearch } from '../../-search';

export const Route = createFileRoute('/_public/register/')({
  validateSearch: validateRegisterSearch,
  staticData: { titleKey: 'register' },
  // The company step names the business types.
  loader: () => loadNamespaces('options'),
  component: RegisterPage,
});
