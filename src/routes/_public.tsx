import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '@/app/auth-layout';
import { loadNamespaces } from '@/i18n/i18n';

export const Route = createFileRoute('/_public')({
  // Sign-in and registration texts; the phone and code fields of every public screen use them.
  loader: () => loadNamespaces('auth'),
  component: AuthLayout,
});
