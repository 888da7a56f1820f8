/**
 * The app rendered on the server (the SSR build's entry; page-contract/page-renderer.ts is its port).
 * Each request gets a router on a memory history, a query client and an i18next instance of its own,
 * in the reader's language. The router loads the page as the browser's will (its loaders, its lazy
 * parts), then React renders it, in one piece once everything has resolved (src/app/render-whole-page.ts).
 */
import type { PageRendererModule, PageRenderRequest, PageRenderResult } from '@page-contract/page-renderer';
import { dehydrate } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { renderWholePage } from '@/app/render-whole-page';
import { createAppRouter } from '@/app/router';
import type { AuthContext } from '@/app/router-context';
import { SidebarCollapsedOnServerProvider } from '@/app/sidebar-setting';
import { seedPropertyList } from '@/features/properties/api/server-property-list';
import { directionOf, sharedOptions, toLanguage } from '@/i18n/i18n';
import { enResources, heResources } from '@/i18n/resources';

/** Private routes sit under this pathless route (src/routes/_auth.tsx). */
const PRIVATE_ROUTE_ID = '/_auth';
/**
 * The private pages the server renders, with their data: the property list (at / and /properties).
 * Every other private page is left to the browser (the app's frame and the route's assets): their
 * loaders read what only the browser has (local drafts, the wizard's stored form) or data the page port
 * does not carry.
 */
const LIST_ROUTE_IDS: readonly string[] = ['/_auth/', '/_auth/properties/'];

/**
 * The session as the server sees it: the page-session cookie, verified by the server
 * (page-contract/page-session-cookie.ts), or none, and then guards send private pages to /login.
 */
function serverAuth(signedIn: boolean): AuthContext {
  return {
    ready: async () => undefined,
    isAuthenticated: () => signedIn,
    login: () => undefined,
    logout: () => undefined,
  };
}

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
  const signedIn = request.signedIn && request.data !== undefined;
  const router = createAppRouter({
    context: { queryClient, auth: serverAuth(signedIn) },
    history,
    server: true,
  });

  const asked = router.matchRoutes(router.state.location);
  const matched = asked.map((match) => match.routeId as string);
  const inBrowser = asked.some((match) => match.staticData.renderedInBrowser);
  const leaf = asked.at(-1);
  const list = signedIn && leaf !== undefined && LIST_ROUTE_IDS.includes(leaf.routeId);
  if (inBrowser || (signedIn && matched.includes(PRIVATE_ROUTE_ID) && !list)) {
    return { kind: 'client', routeIds: matched };
  }
  // The list's rows and counts, in the query client before the route's loader asks for them.
  const listPageSize =
    list && request.data
      ? (await seedPropertyList(queryClient, leaf.search as Record<string, unknown>, request.data)).pageSize
      : undefined;

  await router.load();
  // The router's own record of a server load (what its request handler reads): a redirect, or a status.
  const result = router._serverResult;
  if (result?.type === 'redirect') {
    return { kind: 'redirect', location: result.redirect.headers.get('Location') ?? '/' };
  }

  const sidebarCollapsed = request.sidebarCollapsed ?? false;
  const i18n = await createRequestI18n(language);
  const html = await renderWholePage(
    <StrictMode>
      <Providers queryClient={queryClient} i18n={i18n}>
        <SidebarCollapsedOnServerProvider value={sidebarCollapsed}>
          <RouterProvider router={router} />
        </SidebarCollapsedOnServerProvider>
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
    routeIds: matches.map((match) => match.routeId as string),
    state: {
      url: router.state.location.href,
      language,
      sidebarCollapsed,
      ...(listPageSize === undefined ? {} : { queries: dehydrate(queryClient), listPageSize }),
    },
  };
};
