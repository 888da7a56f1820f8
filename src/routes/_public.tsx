import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '@/app/auth-layout';

export const Route = createFileRoute('/_public')({
  component: AuthLayout,
});
