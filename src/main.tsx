import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from '@/api';
import { createAuthContext } from '@/app/auth-context';
import { followSession } from '@/app/follow-session';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { createAppSession, createInspectedAppSession } from '@/app/session';
import { yieldToBrowser } from '@/app/yield-to-browser';
import { i18nReady } from '@/i18n/i18n';

async function boot() {
  // A browser journey records the machines' steps (tests/e2e/support/machine-trace.ts); only its page
  // has the binding, so no user's page loads the recorder. It listens before the first actor starts.
  if (window.__machineTraceStep) (await import('@/inspection/machine-trace')).traceMachines();

  // In development inspection listens before the first actor (the session) starts.
  if (import.meta.env.DEV) {
    const { startInspection } = await import('@/inspection/start-inspection');
    await startInspection(window.location.search);
  }

  // Hebrew frame texts ship with the app; an English visitor waits for one small text file.
  await i18nReady;

  // Each step of the start below is a task of its own, with the browser let in between (to paint, to
  // take a tap). One after another, right after the long task that evaluates the modules, they were a
  // single task of some 120 ms with the CPU slowed four times, as Lighthouse measures a phone.
  await yieldToBrowser();
  const queryClient = createQueryClient();
  // In production the inspector is only for a signed-in user asking with ?inspect, when the server's
  // switch is on; asked through the API client, which renews an expired access token first.
  const { session } = import.meta.env.DEV
    ? { session: createAppSession(queryClient) }
    : await createInspectedAppSession(queryClient, window.location.search, {
        allowed: async () => (await api.GET('/inspection')).response.ok,
        load: () => import('@/inspection/start-inspection'),
      });
  await yieldToBrowser();
  const router = createAppRouter({ context: { queryClient, auth: createAuthContext(session) } });
  followSession(session, router);
  await yieldToBrowser();

  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html must contain #root');
  // The first render is of the loaded route. Rendered before, the page came with the router's update when
  // the route had loaded, which React renders at once and in one piece, not as a transition: on /properties
  // a task of 870 ms with the CPU slowed four times. A page painted from HTML is, besides, replaced by the
  // finished page, not in stages.
  await router.load();
  await yieldToBrowser();

  // As a transition, React renders the first screen in slices and lets the browser in between (a phone
  // stays responsive while it starts); the page appears in one piece all the same.
  const root = createRoot(rootElement);
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

void boot();
