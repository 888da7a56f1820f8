import { createFileRoute, redirect } from '@tanstack/react-router';
import { loadLoginPhoneForm } from '@/features/auth/load-login-phone-form';
import { LoginPage } from '@/features/auth/login-page';
import { validateLoginSearch } from '../-search';

export const Route = createFileRoute('/_public/login')({
  validateSearch: validateLoginSearch,
  staticData: { titleKey: 'login' },
  // Someone already signed in has nothing to do here: on to where they were going, as after a sign-in.
  // The server sends a browser without a live page-session cookie here from the list (page-session-cookie.ts),
  // and a session stored before the server set that cookie is one of those.
  beforeLoad: async ({ context, search }) => {
    await context.auth.ready();
    if (context.auth.isAuthenticated())
      throw redirect({ href: search.redirect ?? '/dashboard', replace: true });
  },
  // Not awaited: a page the browser renders paints its frame meanwhile, with a placeholder where the form
  // goes; a page the server rendered keeps the server's form until the module is there to hydrate it.
  loader: () => {
    void loadLoginPhoneForm();
  },
  component: LoginPage,
});
