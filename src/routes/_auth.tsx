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
  // Properties are what every private screen shows today; their field options come with them, and
  // the wizard's texts hold each field's one label (docs/glossary.md), used by the list and view too.
  loader: () => loadNamespaces('properties', 'options', 'wizard'),
  component: MainLayout,
});
