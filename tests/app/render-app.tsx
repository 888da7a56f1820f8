import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createAuthContext } from '@/app/auth-context';
import { followSession } from '@/app/follow-session';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { type AuthSession, createAuthSession } from '@/features/auth/auth-session';
import { FIXED_NOW, tokens } from '../machines/fixtures/auth-tokens';

interface RenderAppOptions {
  path: string;
  authenticated: boolean;
}

/**
 * The real route tree, providers, guard and auth session (over the page's localStorage), in memory,
 * starting at `path`. A signed-in start stores tokens the way a real sign-in does.
 */
export async function renderApp({ path, authenticated }: RenderAppOptions) {
  const queryClient = createQueryClient();
  const session = createAuthSession({
    now: () => FIXED_NOW,
    refresh: async () => {
      throw new Error('no refresh in these tests');
    },
  });
  await session.ready();
  if (authenticated) session.login(tokens());
  const { router, ...view } = await mountApp({ path, queryClient, session });
  return { ...view, router, session };
}

/**
 * The real route tree, guard and providers over a given session, as main.tsx composes them (minus
 * StrictMode), in memory at `path`. Every screen test mounts the app through here.
 */
export async function mountApp({
  path,
  queryClient,
  session,
}: {
  path: string;
  queryClient: QueryClient;
  session: AuthSession;
}) {
  const router = createAppRouter({
    context: { queryClient, auth: createAuthContext(session) },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const unfollow = followSession(session, router);
  const view = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  await router.load();
  return { ...view, router, unfollow };
}
