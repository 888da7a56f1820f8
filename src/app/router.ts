import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '@/route-tree.gen';
import type { RouterContext } from './router-context';
import type { ScreenKey } from './use-page-title';

export interface CreateAppRouterOptions {
  context: RouterContext;
  /** Tests pass a memory history; the browser build uses the default browser history. */
  history?: RouterHistory;
  /**
   * The server's router (src/entry-server.tsx): no scroll restoration, whose inline script the page's
   * Content-Security-Policy would refuse and which has nothing to restore on a first load.
   */
  server?: boolean;
}

export function createAppRouter({ context, history, server = false }: CreateAppRouterOptions) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Query owns caching; the router should always ask it rather than keep its own copy.
    defaultPreloadStaleTime: 0,
    scrollRestoration: !server,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /**
     * Key in common:screens shown as the page title in the header and the document title; a function
     * when one route serves two screens (the wizard creates and edits).
     */
    titleKey?: ScreenKey | ((search: Record<string, unknown>) => ScreenKey);
    /**
     * A page whose first screen only this browser can know (the live machines page shows the tab's own
     * machines, and exists only while the tab inspects): the server sends the app's frame, not a render.
     */
    renderedInBrowser?: boolean;
  }
}
