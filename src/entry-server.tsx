/**
 * The app rendered on the server (the SSR build's entry; page-contract/page-renderer.ts is its port).
 * Each request gets a router on a memory history, a query client and an i18next instance of its own,
 * in the reader's language. The router loads the page as the browser's will (its loaders, its lazy
 * parts), then React renders it, in one piece once everything has resolved (src/app/render-whole-page.ts).
 */
import type { PageRendererModule, PageRenderRequest, PageRenderResult } from '@page-contract/page-renderer';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { renderWholePage } from '@/app/render-whole-page';
import { createAppRouter } from '@/app/router';
import type { AuthContext } from '@/app/router-context';
import { directionOf, sharedOptions, toLanguage } from '@/i18n/i18n';
import { enResources, heResources } from '@/i18n/resources';

/** Private routes sit under this pathless route (src/routes/_auth.tsx). */
const PRIVATE_ROUTE_ID = '/_auth';

/** The session as the server sees it: none yet (the browser keeps it), so guards send private pages to /login. */
const signedOut: AuthContext = {
  ready: async () => undefined,
  isAuthenticated: () => false,
  login: () => undefined,
  logout: () => undefined,
};

async function createRequestI18n(language: 'he' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { [language]: language === 'he' ? heResources : enResources },
    ...sharedOptions,
  });
  return instance;
}

export const renderPage: PageRendererModule['renderPage'] = async (
  request: PageRenderRequest,
): Promise<PageRenderResult> => {
  const language = toLanguage(request.language);
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [request.url] });
  const router = createAppRouter({ context: { queryClient, auth: signedOut }, history, server: true });

  const asked = router.matchRoutes(router.state.location);
  const matched = asked.map((match) => match.routeId as string);
  const inBrowser = asked.some((match) => match.staticData.renderedInBrowser);
  if (inBrowser || (request.signedIn && matched.includes(PRIVATE_ROUTE_ID))) {
    return { kind: 'client', routeIds: matched };
  }

  await router.load();
  // The router's own record of a server load (what its request handler reads): a redirect, or a status.
  const result = router._serverResult;
  if (result?.type === 'redirect') {
    return { kind: 'redirect', location: result.redirect.headers.get('Location') ?? '/' };
  }

  const i18n = await createRequestI18n(language);
  const html = await renderWholePage(
    <StrictMode>
      <Providers queryClient={queryClient} i18n={i18n}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  const matches = router.state.matches;
  const titled = matches.findLast((match) => match.staticData.titleKey);
  const titleKey = titled?.staticData.titleKey;
  const screen =
    typeof titleKey === 'function' ? titleKey(titled?.search as Record<string, unknown>) : titleKey;
  const appName = i18n.t('appName');
  return {
    kind: 'page',
    status: result?.status ?? 200,
    language,
    direction: directionOf(language),
    title: screen ? `${i18n.t(`screens.${screen}`)} | ${appName}` : appName,
    html,
    noScript: i18n.t('noScript'),
    routeIds: matches.map((match) => match.routeId as string),
    state: { url: router.state.location.href, language },
  };
};
