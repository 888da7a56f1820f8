/**
 * The port between the server and the app's server rendering. The server never imports the app
 * (`server` must not import `src`): the build writes the app's server entry (src/entry-server.tsx) as
 * a module beside the client's directory, and the server loads it by path at start
 * (server/http/page-renderer.ts). Both sides type it with this file, which imports nothing.
 */

/** Where the SSR build is written, relative to the client's directory (dist/client → dist/ssr). */
export const SSR_DIR_FROM_CLIENT = '../ssr';
/** The SSR build's entry module, in that directory. */
export const SSR_ENTRY_FILE = 'entry-server.js';
/** The id of the <script type="application/json"> that carries what the server rendered with. */
export const SERVER_STATE_ID = 'server-state';

export interface PageRenderRequest {
  /** Path and query, as the browser asked (`/login?redirect=%2Fproperties`). */
  url: string;
  /** The reader's language: from the language cookie, else Hebrew. */
  language: string;
  /**
   * Whether the page-session cookie names a live sign-in (verified by the server:
   * page-contract/page-session-cookie.ts); private pages need it.
   */
  signedIn: boolean;
  /** What the server reads for a signed-in reader's pages; present only when `signedIn`. */
  data?: PageDataPort;
  /** The desktop sidebar collapsed, as its cookie says (page-contract/sidebar-cookie.ts). */
  sidebarCollapsed?: boolean;
}

/** The list's part of the address as the app asks the API for it (src/api/query-keys.ts's list params). */
export interface PropertyListPageQuery {
  /** 'all', or a filter button's key (its items come from domain/property-filters.ts). */
  filter: string;
  /** '' for none. */
  search: string;
  /** The sort and refinements set in the address, as GET /api/property/list takes them. */
  view: Record<string, unknown>;
  pageSize: number;
}

/**
 * The signed-in reader's data, read by the server with the services its API uses, answering exactly
 * what the API's `data` would (server/http/page-data.ts).
 */
export interface PageDataPort {
  /** The list's first page: GET /api/property/list, or POST /api/property/filter for a filter. */
  propertyListPage(query: PropertyListPageQuery): Promise<unknown>;
  /** GET /api/property/summary: the filter buttons' counts. */
  propertySummary(): Promise<unknown>;
}

/** What the client reads back before it hydrates (the JSON in #server-state). */
export interface ServerState {
  /** The URL rendered: a client that lands elsewhere (a stored session on /login) renders afresh. */
  url: string;
  language: string;
  /** The query client's data the page was rendered with (TanStack Query's dehydrated state). */
  queries?: unknown;
  /** The list's rows per load it was rendered with: a browser that keeps another renders afresh. */
  listPageSize?: number;
  /**
   * The desktop sidebar as it was drawn (its cookie): the browser's first render draws it the same
   * without reading `document.cookie`, a synchronous call to the browser's network service.
   */
  sidebarCollapsed?: boolean;
}

export type PageRenderResult =
  | {
      kind: 'page';
      /** 200, or 404 for the not-found page. */
      status: number;
      language: string;
      direction: 'rtl' | 'ltr';
      /** The document title, as the app sets it. */
      title: string;
      /** The markup of #root. */
      html: string;
      /** The matched routes, root first (route ids: `__root__`, `/_public`, `/_public/login`). */
      routeIds: string[];
      state: ServerState;
    }
  /** A route's guard sent the reader elsewhere (a private page without a session → /login). */
  | { kind: 'redirect'; location: string }
  /** A page the browser renders itself (private pages but the list): index.html with its route's assets. */
  | { kind: 'client'; routeIds: string[] };

/** The SSR entry module's one export. */
export interface PageRendererModule {
  renderPage(request: PageRenderRequest): Promise<PageRenderResult>;
}
