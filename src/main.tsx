import { hydrate } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { api } from '@/api';
import { createAuthContext } from '@/app/auth-context';
import { followSession } from '@/app/follow-session';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { readServerState } from '@/app/server-state';
import { createAppSession, createInspectedAppSession } from '@/app/session';
import { SidebarCollapsedOnServerProvider } from '@/app/sidebar-setting';
import { yieldToBrowser } from '@/app/yield-to-browser';
import { readListPageSize } from '@/features/properties/list-page-size';
import { currentLanguage, i18nReady } from '@/i18n/i18n';

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
    ? { session: createAppSession(queryClient, { machineAtStart: true }) }
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
  // The server's HTML is hydrated when the app would render the same: same page, same language, and for
  // the list the same rows per load (the broker's choice is kept in this browser only). A session stored
  // in this browser that sends /login on to the list, or a language chosen here but not yet in the
  // cookie, render afresh instead.
  const server = readServerState();
  const sameRender = (href: string) =>
    server !== null &&
    server.url === href &&
    server.language === currentLanguage() &&
    (server.listPageSize === undefined || server.listPageSize === readListPageSize());
  // The data the server rendered with goes into the query client before the route loads: its loader and
  // the page then find the list fresh and ask the API for nothing. Only for a session this browser holds:
  // without one the app sends the page to /login, and a signed-in user's rows must not wait in memory.
  if (sameRender(router.state.location.href) && server?.queries && (await session.ready()).isAuthenticated) {
    hydrate(queryClient, server.queries);
  }
  // The first render is of the loaded route: it hydrates the server's HTML of the same page, or, in a
  // browser that renders the page itself, appears in one piece rather than in stages (rendered before the
  // route had loaded, /properties came as one task of 870 ms with the CPU slowed four times).
  await router.load();
  await yieldToBrowser();

  const app = (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <SidebarCollapsedOnServerProvider value={server?.sidebarCollapsed ?? null}>
          <RouterProvider router={router} />
        </SidebarCollapsedOnServerProvider>
      </Providers>
    </StrictMode>
  );
  if (sameRender(router.state.location.href)) {
    // What the router renders around the matches when it hydrates: no Suspense of its own, as on the server.
    router.ssr = { manifest: undefined };
    // As a transition, hydration is time-sliced: React yields to the browser every few milliseconds
    // instead of hydrating the whole page in one task (with the CPU slowed four times, /properties'
    // hydration was one long task of some 100 ms). A tap meanwhile is replayed once its part hydrates.
    startTransition(() => {
      hydrateRoot(rootElement, app);
    });
    return;
  }
  rootElement.replaceChildren();
  // As a transition, React renders the first screen in slices and lets the browser in between (a phone
  // stays responsive while it starts); the page appears in one piece all the same.
  const root = createRoot(rootElement);
  startTransition(() => root.render(app));
}

void boot();
