import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/login-page';
import { validateLoginSearch } from '../-search';

export const Route = createFileRoute('/_public/login')({
  validateSearch: validateLoginSearch,
  staticData: { titleKey: 'login' },
  component: LoginPage,
});
