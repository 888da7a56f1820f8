import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Plugin } from 'vite';
import { mobileMediaQuery } from '../../page-contract/breakpoints';
import {
  defaultLanguage,
  languageCookie,
  languageStorageKey,
  supportedLanguages,
} from '../../page-contract/languages';
import { sessionHintCookie } from '../../page-contract/session-hint-cookie';
import {
  FIRST_PAINT_DIR,
  FIRST_PAINT_MANIFEST,
  type FirstPaintManifest,
} from '../../server/http/first-paint';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';
import { fontsLoaded, readDrawnPage } from '../in-page/drawn-page';
import { storeEntries } from '../in-page/stored-entries';
import {
  collectStatic,
  htmlAssets,
  readManifest,
  routeChunkKeys,
  routeNamespaces,
  textsKey,
} from './route-chunks';
import { compressBeside } from './vite-plugins';

/**
 * Pages whose first paint is drawn into their HTML at build time. Only public pages whose first screen
 * is the same for every visitor: a signed-in page depends on who asks. Each waits for `ready` before it
 * is drawn, so the drawing has what the finished screen has.
 */
export const FIRST_PAINT_PAGES = [{ path: '/login', name: 'login', ready: 'input[type="tel"]' }] as const;

/**
 * Private pages a visitor lands on (the property list, at / and /properties). They cannot be drawn, since
 * they show who is signed in, but their HTML can name the route's modules and texts as modulepreloads:
 * those then download beside the framework instead of after it has run and the router has asked for
 * them (one round trip and the framework's evaluation less before the rows can render). A browser that
 * holds no session is sent to /login by the server instead (signedInPages in the manifest).
 */
export const PRELOADED_PAGES = [
  {
    path: '/',
    name: 'home',
    routeFiles: ['src/routes/_auth.tsx', 'src/routes/_auth/index.tsx'],
    wideScreensOnly: ['src/features/properties/components/property-table.tsx'],
  },
  {
    path: '/properties',
    name: 'properties',
    routeFiles: ['src/routes/_auth.tsx', 'src/routes/_auth/properties/index.tsx'],
    // A phone lists cards; a wider screen loads the table beside the page (lazy-property-table.tsx).
    wideScreensOnly: ['src/features/properties/components/property-table.tsx'],
  },
] as const;

/** Where the table's modules are preloaded: every screen but a phone's (`media` holds for modulepreload too). */
const WIDE_SCREENS = `not all and ${mobileMediaQuery}`;

/**
 * Starts the app once the drawn page is on screen: preloads the page's modules (the tag's data-modules,
 * all at once rather than one import after another) and imports its entry (data-entry). Until then the
 * page fetches and runs none of the app's code, so its first paint waits for the HTML, the stylesheets
 * and the fonts, and nothing else.
 *
 * "On screen" is the browser's first-contentful-paint entry, not the next animation frame: Chrome counts
 * the drawing as the page's largest paint only when it reports that frame, and the app's first render
 * replaces the drawing (with the same page). A browser without paint timing starts after a frame and a
 * moment; a hidden tab paints nothing, so it starts at once. A classic script, so the page's
 * Content-Security-Policy (script-src 'self') needs no exception.
 */
const START_SCRIPT_SOURCE = `(function () {
  var script = document.currentScript;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var links = document.createDocumentFragment();
    script.dataset.modules.split(' ').forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      links.appendChild(link);
    });
    document.head.appendChild(links);
    import(script.dataset.entry);
  }
  if (document.visibilityState === 'hidden') return start();
  // A reader whose language is stored but not yet in the cookie (set by the app since) would see the
  // page in the other language first: better no drawing than that.
  try {
    var stored = window.localStorage.getItem(script.dataset.languageKey);
    if (stored && stored !== document.documentElement.lang) {
      document.querySelector('[data-first-paint]').remove();
      return start();
    }
  } catch (error) {}
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {}
  requestAnimationFrame(function () { setTimeout(start, 500); });
})();
`;

/** Any origin will do: every request is answered from the built files, none leaves the machine. */
const ORIGIN = 'http://first-paint.invalid';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/**
 * After `vite build`, draws each page of FIRST_PAINT_PAGES in Debian's Chromium, in every language,
 * into its own HTML: the built index.html with the page's drawing in #root, marked `inert` (it looks
 * ready and takes no input, so nothing typed is lost when the app replaces it on its first render), and
 * in the head the stylesheets and fonts the page went on to load; its modules go to the start script,
 * which fetches them all at once after the paint. A phone paints the page from HTML and CSS alone,
 * before a line of the app runs.
 *
 * It also writes the pages of PRELOADED_PAGES, which need no browser. Without Chromium the build still
 * succeeds, and the pages to draw are answered with index.html as before.
 */
export function firstPaint(): Plugin {
  let outDir = 'dist';
  return {
    name: 'nechasim:first-paint',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const started = Date.now();
      const indexHtml = await readFile(join(outDir, 'index.html'), 'utf8');
      const manifest: FirstPaintManifest = {
        languageCookie: languageCookie.name,
        defaultLanguage,
        sessionCookie: sessionHintCookie.name,
        signedInPages: PRELOADED_PAGES.map((page) => page.path),
        pages: await prepareRoutePages(outDir, indexHtml),
      };
      if (existsSync(CHROMIUM_PATH)) {
        Object.assign(manifest.pages, await drawFirstPaints(outDir, indexHtml));
      } else {
        this.warn(`first paint not drawn: no Chromium at ${CHROMIUM_PATH} (pages load as before)`);
      }
      await writeFile(join(outDir, FIRST_PAINT_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
      const count = Object.values(manifest.pages).reduce(
        (total, files) => total + Object.keys(files).length,
        0,
      );
      this.info(
        `${count} pages prepared (drawn or with their modules preloaded) in ${Date.now() - started} ms`,
      );
    },
  };
}

/**
 * Writes index.html once per page of PRELOADED_PAGES and language, with the route's chunks (from Vite's
 * manifest) and the language's texts for it added as modulepreloads; returns them by path and language.
 */
export async function prepareRoutePages(
  clientDir: string,
  indexHtml: string,
): Promise<FirstPaintManifest['pages']> {
  const manifest = await readManifest(clientDir);
  const inIndex = new Set(htmlAssets(indexHtml));
  const pages: FirstPaintManifest['pages'] = {};
  for (const page of PRELOADED_PAGES) {
    const keys = routeChunkKeys(manifest, page.routeFiles);
    if (keys.length === 0) throw new Error(`no chunk in the manifest for ${page.path}`);
    const namespaces = await routeNamespaces(page.routeFiles);
    const files: Record<string, string> = {};
    const wide = new Set<string>();
    for (const key of page.wideScreensOnly) collectStatic(manifest, key, wide);
    for (const language of supportedLanguages) {
      const chunks = new Set<string>();
      for (const key of [...keys, ...namespaces.map((namespace) => textsKey(language, namespace))]) {
        collectStatic(manifest, key, chunks);
      }
      const isNew = (file: string) => !inIndex.has(file) && !chunks.has(file);
      // Stylesheets first and in the bundler's order, as its loader would have added them (the cascade
      // depends on it); a dynamic import waits for its stylesheets, so they are on the way to the rows too.
      const links = [
        ...[...chunks]
          .filter((file) => file.endsWith('.css') && !inIndex.has(file))
          .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...[...chunks]
          .filter((file) => file.endsWith('.js') && !inIndex.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ...[...wide]
          .filter((file) => file.endsWith('.js') && isNew(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" media="${WIDE_SCREENS}">`),
      ].map((tag) => `    ${tag}\n`);
      const html = replaceOnce(indexHtml, /\s*<\/head>/, () => `\n${links.join('')}  </head>`);
      const file = `${FIRST_PAINT_DIR}/${language}/${page.name}.html`;
      await mkdir(join(clientDir, FIRST_PAINT_DIR, language), { recursive: true });
      await writeFile(join(clientDir, file), html);
      await compressBeside(join(clientDir, file), Buffer.from(html));
      files[language] = file;
    }
    pages[page.path] = files;
  }
  return pages;
}

/** Draws FIRST_PAINT_PAGES (see firstPaint) and returns their files by path and language. */
export async function drawFirstPaints(
  clientDir: string,
  indexHtml: string,
): Promise<FirstPaintManifest['pages']> {
  const assets: FirstPaintAssets = {
    startScript: await writeAsset(clientDir, 'first-paint-start', 'js', START_SCRIPT_SOURCE),
    fontStylesheet: await writeAsset(
      clientDir,
      'first-paint-fonts',
      'css',
      await blockingFontFaces(clientDir, indexHtml),
    ),
  };
  const pages: FirstPaintManifest['pages'] = {};
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
  try {
    for (const page of FIRST_PAINT_PAGES) {
      const files: Record<string, string> = {};
      for (const language of supportedLanguages) {
        const drawing = await draw(browser, clientDir, indexHtml, page, language);
        const file = `${FIRST_PAINT_DIR}/${language}/${page.name}.html`;
        await mkdir(join(clientDir, FIRST_PAINT_DIR, language), { recursive: true });
        const html = composePage(indexHtml, drawing, assets);
        await writeFile(join(clientDir, file), html);
        await compressBeside(join(clientDir, file), Buffer.from(html));
        files[language] = file;
      }
      pages[page.path] = files;
    }
  } finally {
    await browser.close();
  }
  return pages;
}

interface FirstPaintAssets {
  startScript: string;
  fontStylesheet: string;
}

/**
 * The app's @font-face rules as the build wrote them, with `font-display: block` instead of `swap`. A drawn
 * page links them after the app's stylesheets, so its text paints once, in Heebo (preloaded beside the
 * stylesheets), not first in a fallback font of another size: a swap would shift the drawing, and the
 * app's first render would then count as a larger paint than the drawing. After three seconds without the
 * font the browser paints the fallback anyway.
 */
async function blockingFontFaces(clientDir: string, indexHtml: string): Promise<string> {
  const stylesheets = [...indexHtml.matchAll(/<link rel="stylesheet"[^>]* href="\/([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
  const rules: string[] = [];
  for (const stylesheet of stylesheets) {
    const css = await readFile(join(clientDir, stylesheet), 'utf8');
    for (const [rule] of css.matchAll(/@font-face\{[^}]*\}/g)) {
      rules.push(rule.replace('font-display:swap', 'font-display:block'));
    }
  }
  if (rules.length === 0) throw new Error('no @font-face in the stylesheets of index.html');
  return `${rules.join('\n')}\n`;
}

/** Writes a file into assets/, named by its content as the bundler names its files, so it is cached like them. */
async function writeAsset(
  clientDir: string,
  name: string,
  extension: string,
  content: string,
): Promise<string> {
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 8);
  const file = `assets/${name}-${hash}.${extension}`;
  await writeFile(join(clientDir, file), content);
  await compressBeside(join(clientDir, file), Buffer.from(content));
  return file;
}

interface Drawing {
  htmlAttributes: [string, string][];
  title: string;
  stylesheets: string[];
  fonts: string[];
  modules: string[];
  root: string;
}

async function draw(
  browser: Browser,
  clientDir: string,
  indexHtml: string,
  target: (typeof FIRST_PAINT_PAGES)[number],
  language: string,
): Promise<Drawing> {
  // The width does not matter (the page lays itself out with CSS), only that it is a fresh visitor's.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const requested: string[] = [];
    await serveBuiltFiles(page, clientDir, requested);
    await page.addInitScript(storeEntries, { [languageStorageKey]: language });
    await page.goto(`${ORIGIN}${target.path}`);
    await page.locator(target.ready).first().waitFor();
    await page.evaluate(fontsLoaded);
    await page.waitForLoadState('networkidle');

    const live = await page.evaluate(readDrawnPage);
    // What index.html already links is in every page; only what the page added goes into its drawing.
    const isNew = (path: string) => !indexHtml.includes(`"${path}"`);
    return {
      htmlAttributes: live.htmlAttributes,
      title: live.title,
      // In the order the app added them: the cascade depends on it.
      stylesheets: live.stylesheets.filter(isNew),
      fonts: requested.filter((path) => path.endsWith('.woff2') && isNew(path)),
      modules: requested.filter((path) => path.endsWith('.js') && isNew(path)),
      root: live.root.replaceAll(ORIGIN, ''),
    };
  } finally {
    await context.close();
  }
}

/** Answers every request from the built files, as the server would: a page path gets index.html. */
async function serveBuiltFiles(page: Page, clientDir: string, requested: string[]): Promise<void> {
  await page.route('**/*', async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname.startsWith('/api/')) {
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
    }
    const file = extname(pathname) ? pathname : '/index.html';
    if (extname(pathname)) requested.push(pathname);
    try {
      const body = await readFile(join(clientDir, file));
      return route.fulfill({ status: 200, body, contentType: CONTENT_TYPES[extname(file)] ?? 'text/html' });
    } catch {
      return route.fulfill({ status: 404, body: '' });
    }
  });
}

/**
 * The built index.html with the drawing in it: its stylesheets and fonts in the head, its modules (the
 * build's and those the page loaded) handed to the start script, which fetches them after the paint.
 */
export function composePage(indexHtml: string, drawing: Drawing, assets: FirstPaintAssets): string {
  const attributes = drawing.htmlAttributes
    .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
    .join(' ');
  const buildModules = [...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const head = [
    ...drawing.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    `<link rel="stylesheet" href="/${assets.fontStylesheet}">`,
    ...drawing.fonts.map(
      (href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin="">`,
    ),
  ].map((tag) => `    ${tag}\n`);

  let html = indexHtml.replaceAll(new RegExp(`\\s*${MODULE_PRELOAD.source}`, 'g'), '');
  html = replaceOnce(
    html,
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (entry) =>
      `<script defer src="/${assets.startScript}" data-entry="${entry}" data-language-key="${languageStorageKey}" ` +
      `data-modules="${[entry, ...buildModules, ...drawing.modules].join(' ')}"></script>`,
  );
  html = replaceOnce(html, /\s*<\/head>/, () => `\n${head.join('')}  </head>`);
  html = replaceOnce(html, /<html[^>]*>/, () => `<html ${attributes}>`);
  html = replaceOnce(html, /<title>[^<]*<\/title>/, () => `<title>${escapeHtml(drawing.title)}</title>`);
  // `display: contents`: the wrapper adds no box, so the drawing lays out exactly as the app will.
  return replaceOnce(
    html,
    /<div id="root"><\/div>/,
    () => `<div id="root"><div data-first-paint inert style="display: contents">${drawing.root}</div></div>`,
  );
}

const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

function replaceOnce(text: string, pattern: RegExp, replacement: (group: string) => string): string {
  const match = pattern.exec(text);
  if (!match) throw new Error(`index.html has no ${pattern}`);
  return text.slice(0, match.index) + replacement(match[1] ?? '') + text.slice(match.index + match[0].length);
}

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}
