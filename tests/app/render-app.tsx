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
import { readyAppSession } from './app-session';

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

/** A user of the in-process server and their real access token (`authorization: Bearer …`). */
export interface SignedInAs {
  id: string;
  headers: { authorization: string };
}

/**
 * The whole app (providers, router, guard, main layout) at `path`, signed in as `user` with their real
 * access token in the app's own session, as the browser holds it after a sign-in. Every screen test of
 * a signed-in page mounts through here (the list's and the wizard's harnesses).
 */
export async function renderSignedIn(
  user: SignedInAs,
  path: string,
  { retry = true }: { retry?: boolean } = {},
) {
  const queryClient = createQueryClient();
  // The app's client retries a failed query three times with backoff (7 s in all); tests of an error
  // state turn that off to see it at once.
  if (!retry) {
    const defaults = queryClient.getDefaultOptions();
    queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  }
  const session = await readyAppSession(queryClient);
  session.login({
    jwtToken: user.headers.authorization.slice('Bearer '.length),
    refreshToken: 'r'.repeat(43),
    userId: user.id,
  });
  const mounted = await mountApp({ path, queryClient, session });
  return { ...mounted, queryClient, session };
}
