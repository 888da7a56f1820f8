/**
 * The app rendered on the server (the SSR build's entry; page-contract/page-renderer.ts is its port).
 * Each request gets a router on a memory history, a query client and an i18next instance of its own,
 * in the reader's language. The router loads the page as the browser's will (its loaders, its lazy
 * parts), then React renders it, in one piece once everything has resolved (renderToString below).
 */
import { Writable } from 'node:stream';
import type { PageRendererModule, PageRenderRequest, PageRenderResult } from '@page-contract/page-renderer';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import i18next from 'i18next';
import { type ReactElement, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import type { AuthContext } from '@/app/router-context';
import { defaultLanguage, directionOf, toLanguage } from '@/i18n/i18n';
import { shellNamespaces } from '@/i18n/namespaces';
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
    supportedLngs: ['he', 'en'],
    fallbackLng: { en: [], default: [defaultLanguage] },
    load: 'languageOnly',
    ns: [...shellNamespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
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

  const matched = router.matchRoutes(router.state.location).map((match) => match.routeId as string);
  if (request.signedIn && matched.includes(PRIVATE_ROUTE_ID)) return { kind: 'client', routeIds: matched };

  await router.load();
  // The router's own record of a server load (what its request handler reads): a redirect, or a status.
  const result = router._serverResult;
  if (result?.type === 'redirect') {
    return { kind: 'redirect', location: result.redirect.headers.get('Location') ?? '/' };
  }

  const i18n = await createRequestI18n(language);
  const html = await renderToString(
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

/**
 * React's stream, read to the end once every Suspense boundary has resolved, and with no boundary
 * "outlined": past `progressiveChunkSize` bytes (about 12 kB by default) React sends a boundary's
 * fallback first and its content after it, with inline scripts to swap them, even when all was ready
 * (the sign-in form did so). The page's Content-Security-Policy (script-src 'self') refuses inline
 * scripts, so the whole page goes in one piece, as the browser's hydration expects it.
 */
function renderToString(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error);
      },
    });
  });
}
