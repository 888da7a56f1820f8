import type { AuthSession } from '@/features/auth/auth-session';
import type { AppRouter } from './router';

/**
 * Keeps the router in step with the session: guards re-run when the user signs in or out, and a
 * session that ends on its own (refresh refused) sends the user to /login, to come back afterwards.
 */
export function followSession(session: AuthSession, router: AppRouter): () => void {
  return session.subscribe((state) => {
    void router.invalidate();
    if (state.status !== 'loggedOut' || state.lastLogoutReason === null) return;
    if (state.lastLogoutReason === 'logout') return; // the logout button navigates itself
    const { pathname, href } = router.state.location;
    if (pathname === '/login') return;
    // The session is gone, so nothing could be saved: no "leave without saving?" (the wizard's
    // local copy stays and is offered after signing in again).
    void router.navigate({ to: '/login', search: { redirect: href }, replace: true, ignoreBlocker: true });
  });
}
