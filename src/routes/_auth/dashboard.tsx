import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec: /dashboard is only an alias of the property list; replace so Back does not bounce. */
export const Route = createFileRoute('/_auth/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/properties', replace: true });
  },
});
