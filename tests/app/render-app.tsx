import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';

interface RenderAppOptions {
  path: string;
  authenticated: boolean;
}

/** The real route tree, providers and guard, in memory, starting at `path`. */
export async function renderApp({ path, authenticated }: RenderAppOptions) {
  const queryClient = createQueryClient();
  const router = createAppRouter({
    context: { queryClient, auth: { isAuthenticated: () => authenticated } },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  await router.load();
  return { ...view, router };
}
