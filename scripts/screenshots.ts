/**
 * Screenshots of running pages in both languages and at desktop and phone widths, for review.
 *
 *   npx tsx scripts/screenshots.ts [--base http://localhost:4173] [--out docs/screenshots/foundation]
 *     [--page name=/path] [--page name=/path:auth] [--lang he --lang en] [--width 1280x800 --width 390x844]
 *
 * A page marked `:auth` is opened with a signed-in session in local storage. Files are named
 * <name>-<lang>-<width>.png. Uses Debian's Chromium (CHROMIUM_PATH overrides it); never downloads one.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

interface PageSpec {
  name: string;
  path: string;
  auth: boolean;
}

interface Viewport {
  width: number;
  height: number;
}

const defaultPages = ['login=/login', 'properties=/properties:auth', 'tasks=/tasks:auth'];
const defaultLangs = ['he', 'en'];
const defaultWidths = ['1280x800', '390x844'];

const signedInSession = JSON.stringify({
  state: { isAuthenticated: true, tokens: { jwtToken: 'a.b.c', refreshToken: 'r', userId: 'u' } },
  version: 0,
});

const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function parsePage(spec: string): PageSpec {
  const [name, rest] = spec.split('=');
  if (!name || !rest) throw new Error(`--page must look like name=/path or name=/path:auth, got "${spec}"`);
  const auth = rest.endsWith(':auth');
  return { name, path: auth ? rest.slice(0, -':auth'.length) : rest, auth };
}

function parseViewport(spec: string): Viewport {
  const [width, height] = spec.split('x').map(Number);
  if (!width || !height) throw new Error(`--width must look like 1280x800, got "${spec}"`);
  return { width, height };
}

async function main() {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: 'http://localhost:4173' },
      out: { type: 'string', default: 'docs/screenshots/foundation' },
      page: { type: 'string', multiple: true },
      lang: { type: 'string', multiple: true },
      width: { type: 'string', multiple: true },
      'full-page': { type: 'boolean', default: false },
    },
  });
  const pages = (values.page ?? defaultPages).map(parsePage);
  const langs = values.lang ?? defaultLangs;
  const viewports = (values.width ?? defaultWidths).map(parseViewport);
  await mkdir(values.out, { recursive: true });

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumFlags,
  });
  try {
    for (const spec of pages) {
      for (const lang of langs) {
        for (const viewport of viewports) {
          const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
          await context.addInitScript(
            ({ lang, session }) => {
              localStorage.setItem('i18nextLng', lang);
              if (session) localStorage.setItem('auth-storage', session);
              else localStorage.removeItem('auth-storage');
            },
            { lang, session: spec.auth ? signedInSession : null },
          );
          const page = await context.newPage();
          const errors: string[] = [];
          page.on('pageerror', (error) => errors.push(error.message));
          await page.goto(new URL(spec.path, values.base).toString(), { waitUntil: 'networkidle' });
          await page.evaluate(() => document.fonts.ready);
          const file = join(values.out, `${spec.name}-${lang}-${viewport.width}.png`);
          await page.screenshot({ path: file, fullPage: values['full-page'] });
          console.log(
            `${file}  (${page.url()})${errors.length ? `  page errors: ${errors.join('; ')}` : ''}`,
          );
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
