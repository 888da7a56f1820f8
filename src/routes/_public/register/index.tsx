import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '@/features/auth/register-page';
import { validateRegisterSearch } from '../../-search';

export const Route = createFileRoute('/_public/register/')({
  validateSearch: validateRegisterSearch,
  staticData: { titleKey: 'register' },
  component: RegisterPage,
});
