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
  /** Whether the browser says it holds a session (the session cookie); private pages need it. */
  signedIn: boolean;
}

/** What the client reads back before it hydrates (the JSON in #server-state). */
export interface ServerState {
  /** The URL rendered: a client that lands elsewhere (a stored session on /login) renders afresh. */
  url: string;
  language: string;
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
      /** What the page says to a browser that runs no script, in its language (text, not markup). */
      noScript?: string;
      /** The matched routes, root first (route ids: `__root__`, `/_public`, `/_public/login`). */
      routeIds: string[];
      state: ServerState;
    }
  /** A route's guard sent the reader elsewhere (a private page without a session → /login). */
  | { kind: 'redirect'; location: string }
  /** A page the browser renders itself (a private page today): index.html with its route's assets. */
  | { kind: 'client'; routeIds: string[] };

/** The SSR entry module's one export. */
export interface PageRendererModule {
  renderPage(request: PageRenderRequest): Promise<PageRenderResult>;
}
