import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '@/features/auth/register-page';
import { validateRegisterVerifiedSearch } from '../../-search';

/** Spec: after the code is verified the registration screen continues with company details. */
export const Route = createFileRoute('/_public/register/verified')({
  validateSearch: validateRegisterVerifiedSearch,
  staticData: { titleKey: 'register' },
  component: RegisterPage,
});
