import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { mobileMediaQuery } from '../../page-contract/breakpoints';
import { defaultLanguage, isLanguage, languageCookie } from '../../page-contract/languages';
import { PAGE_ASSETS_FILE, type PageAssets } from '../../page-contract/page-assets';
import {
  type PageDataPort,
  type PageRendererModule,
  type PageRenderResult,
  SERVER_STATE_ID,
  SSR_DIR_FROM_CLIENT,
  SSR_ENTRY_FILE,
} from '../../page-contract/page-renderer';
import { isSidebarCollapsed, sidebarCookie } from '../../page-contract/sidebar-cookie';
import { cookieValue } from '../auth/page-session-cookie';
import { escapeHtml } from '../sharing/html';

/** What the server answers a page GET with. */
export type PageAnswer =
  | { kind: 'html'; status: number; html: string }
  | { kind: 'redirect'; location: string }
  /** No SSR build: index.html as it is. */
  | { kind: 'index' };

export interface PageRenderer {
  /** Whether the app's SSR build was found beside the client (without it every page is index.html). */
  readonly rendering: boolean;
  answer(url: string, cookieHeader: string | undefined): Promise<PageAnswer>;
}

/** Who a page request is from (the page-session cookie, verified), and what the server reads for them. */
export interface PageReaders {
  /** The signed-in user of the request's cookies, or null. */
  session(cookieHeader: string | undefined): Promise<{ userId: string } | null>;
  data(userId: string): PageDataPort;
}

const NO_READERS: PageReaders = {
  session: async () => null,
  data: () => {
    throw new Error('no page data without a session');
  },
};

/** Where the wide-screen-only modules are preloaded: every screen but a phone's (`media` holds for modulepreload too). */
const WIDE_SCREENS = `not all and ${mobileMediaQuery}`;

/**
 * Loads the app's server entry (the SSR build, beside the client's directory) and the client's built
 * index.html and per-route assets, once at start. Each page is then the built index.html with the
 * rendered #root, the page's language, direction and title on <html> and <title>, and in the head the
 * stylesheets of the routes it matched, so the page paints styled from its HTML. A page left to the
 * browser also names the routes' modules, fetched beside the entry instead of after it (headLinks).
 */
export async function loadPageRenderer(
  clientDir: string,
  log: (message: string, error?: unknown) => void,
  readers: PageReaders = NO_READERS,
): Promise<PageRenderer> {
  const indexHtml = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const entry = resolve(clientDir, SSR_DIR_FROM_CLIENT, SSR_ENTRY_FILE);
  const assetsFile = join(clientDir, PAGE_ASSETS_FILE);
  if (!existsSync(entry) || !existsSync(assetsFile)) {
    log(`no server rendering: ${existsSync(entry) ? PAGE_ASSETS_FILE : entry} is missing`);
    return { rendering: false, answer: async () => ({ kind: 'index' }) };
  }
  const module = (await import(pathToFileURL(entry).href)) as PageRendererModule;
  const assets = JSON.parse(readFileSync(assetsFile, 'utf8')) as PageAssets;

  return {
    rendering: true,
    async answer(url, cookieHeader) {
      const cookieLanguage = cookieValue(cookieHeader, languageCookie.name);
      const language = isLanguage(cookieLanguage) ? cookieLanguage : defaultLanguage;
      const session = await readers.session(cookieHeader);
      let result: PageRenderResult;
      try {
        result = await module.renderPage({
          url,
          language,
          signedIn: session !== null,
          ...(session ? { data: readers.data(session.userId) } : {}),
          sidebarCollapsed: isSidebarCollapsed(cookieValue(cookieHeader, sidebarCookie.name)),
        });
      } catch (error) {
        // The browser renders the page itself, as it did before the server could.
        log(`server rendering failed for ${url}; index.html sent instead`, error);
        return { kind: 'index' };
      }
      if (result.kind === 'redirect') return { kind: 'redirect', location: result.location };
      if (result.kind === 'client') {
        const head = headLinks(assets, result.routeIds, language, { painted: false });
        return { kind: 'html', status: 200, html: withHead(indexHtml, head) };
      }
      let html = withHead(indexHtml, headLinks(assets, result.routeIds, language, { painted: true }));
      html = replaceOnce(
        html,
        /<html[^>]*>/,
        // Mantine's attribute, set here so that nothing waits for its script to choose the light scheme.
        `<html lang="${escapeHtml(result.language)}" dir="${result.direction}" data-mantine-color-scheme="light">`,
      );
      html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(result.title)}</title>`);
      // The page reads without scripts; its layout says, in its language and under its header, that the
      // forms need them (src/components/no-script-notice). index.html's line is for the app's frame.
      html = html.replace(/<noscript>[^<]*<\/noscript>/, '');
      html = replaceOnce(
        html,
        /<div id="root"><\/div>/,
        `<div id="root">${result.html}</div>` +
          `<script type="application/json" id="${SERVER_STATE_ID}">${jsonForScript(result.state)}</script>`,
      );
      return { kind: 'html', status: result.status, html };
    },
  };
}

/**
 * Stylesheets, in route order (the cascade depends on it), then the route's modules and the language's
 * texts for a page the browser renders itself. A page the server painted needs its route's modules only
 * to respond: the app asks for them as it starts, and they are not named here. Preloaded, even at low
 * priority, they were all fetched before the first paint, and a phone's simulated load (Lighthouse's)
 * counted every one of them before the largest paint (docs/decisions.md, issue 26, webperf).
 */
function headLinks(
  assets: PageAssets,
  routeIds: string[],
  language: string,
  { painted }: { painted: boolean },
): string[] {
  const stylesheets = new Set<string>();
  const modules = new Set<string>();
  const wide = new Set<string>();
  for (const id of routeIds) {
    const route = assets[id];
    if (!route) continue;
    for (const file of route.stylesheets) stylesheets.add(file);
    for (const file of [...route.modules, ...(route.texts[language] ?? [])]) modules.add(file);
    for (const file of route.wideScreenModules) wide.add(file);
  }
  const links = [...stylesheets].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  if (painted) return links;
  return [
    ...links,
    ...[...modules].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...[...wide]
      .filter((file) => !modules.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" media="${WIDE_SCREENS}">`),
  ];
}

function withHead(indexHtml: string, links: string[]): string {
  if (links.length === 0) return indexHtml;
  return replaceOnce(indexHtml, /\s*<\/head>/, `\n${links.map((link) => `    ${link}\n`).join('')}  </head>`);
}

/** JSON inside a <script> element: `<` escaped, so no text in it can close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  const match = pattern.exec(text);
  if (!match) throw new Error(`index.html has no ${pattern}`);
  return text.slice(0, match.index) + replacement + text.slice(match.index + match[0].length);
}

/**
 * A rendered page, compressed for a browser that takes it: the built files are precompressed at build
 * time, a page rendered per request is compressed here (brotli at quality 5: about a millisecond for the
 * sign-in page's 25 kB, against some 150 ms more of a phone's slow connection uncompressed).
 */
export function compressPage(
  html: string,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const body = Buffer.from(html);
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.split(';'))
    .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) {
    return {
      body: brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
      encoding: 'br',
    };
  }
  if (accepted.includes('gzip')) return { body: gzipSync(body, { level: 6 }), encoding: 'gzip' };
  return { body };
}
