import { createFileRoute, redirect } from '@tanstack/react-router';
import { MainLayout } from '@/app/main-layout';
import { loadNamespaces } from '@/i18n/i18n';

/** Every private screen sits under this pathless route: the guard and the main layout live here once. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    await context.auth.ready();
    if (!context.auth.isAuthenticated()) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  // Properties are what every private screen shows today: each field's one label (docs/glossary.md)
  // and its options come with them; the wizard's own texts load with the wizard's route.
  loader: () => loadNamespaces('properties', 'options', 'fields'),
  component: MainLayout,
});
