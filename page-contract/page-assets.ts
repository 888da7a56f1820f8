/**
 * What each route file needs in the page's head so that the server-rendered page paints styled and its
 * modules download beside the entry rather than after it: written by the client build
 * (scripts/build/page-assets-plugin.ts) from Vite's manifest, read by the server
 * (server/http/page-renderer.ts) for the routes a page matched. Paths are relative to the client's
 * directory; what index.html itself links is left out.
 */
export const PAGE_ASSETS_FILE = '.vite/page-assets.json';

export interface RouteAssets {
  /** Stylesheets of the route's chunks and of the parts it loads lazily on its first screen, in order. */
  stylesheets: string[];
  /** Modules the route's chunks import statically. */
  modules: string[];
  /** Language → the text modules the route's loaders ask for. */
  texts: Record<string, string[]>;
  /** Modules a phone does not need (loaded only on wider screens), preloaded with a media query. */
  wideScreenModules: string[];
}

/** Route id (`/_public/login`, `__root__`) → its assets. */
export type PageAssets = Record<string, RouteAssets>;
