import { createFileRoute } from '@tanstack/react-router';
import { loadLoginPhoneForm } from '@/features/auth/load-login-phone-form';
import { LoginPage } from '@/features/auth/login-page';
import { validateLoginSearch } from '../-search';

export const Route = createFileRoute('/_public/login')({
  validateSearch: validateLoginSearch,
  staticData: { titleKey: 'login' },
  // Not awaited: the page paints its frame meanwhile, with a placeholder where the form goes.
  loader: () => {
    void loadLoginPhoneForm();
  },
  component: LoginPage,
});
