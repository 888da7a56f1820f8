import { createFileRoute, redirect } from '@tanstack/react-router';
import { MainLayout } from '@/app/main-layout';

/** Every private screen sits under this pathless route: the guard and the main layout live here once. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    await context.auth.ready();
    if (!context.auth.isAuthenticated()) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
  },
  component: MainLayout,
});
