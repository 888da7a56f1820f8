import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ASSETS_FILE, type PageAssets } from '../../page-contract/page-assets';
import { SSR_ENTRY_FILE } from '../../page-contract/page-renderer';
import type { Database } from '../../server/db/database';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createUser, pageSessionCookieHeader } from './helpers/sign-in';
import { createTestDatabase } from './helpers/test-database';

const INDEX_HTML = '<!doctype html><html lang="he" dir="rtl"><body><div id="root"></div></body></html>';
const HTML = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' };

describe('the built client', () => {
  let clientDir: string;
  let database: Database;
  let ctx: TestApp;
  let withoutClient: TestApp;

  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'nechasim-client-'));
    await mkdir(join(clientDir, 'assets'));
    await writeFile(join(clientDir, 'index.html'), INDEX_HTML);
    await writeFile(join(clientDir, 'assets', 'index-3f2a1b.js'), 'console.log("app");');
    // What the build writes beside each text file (scripts/build/vite-plugins.ts).
    await writeFile(
      join(clientDir, 'assets', 'index-3f2a1b.js.br'),
      brotliCompressSync('console.log("app");'),
    );
    await writeFile(join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    database = await createTestDatabase();
    ctx = await buildTestApp({ database, config: { clientDir } });
    withoutClient = await buildTestApp({ database, config: { clientDir: join(clientDir, 'missing') } });
  });

  afterAll(async () => {
    await ctx.close();
    await withoutClient.close();
    await database.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('serves index.html at / without long-term caching', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/', headers: HTML });

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-3f2a1b.js' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file to a browser that accepts it, and the plain one otherwise', async () => {
    const compressed = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-3f2a1b.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/index-3f2a1b.js' });

    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("app");');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app");');
  });

  it.each(['/properties', '/properties/create', '/register/verified?l=1'])(
    'answers the page %s with index.html (SPA fallback)',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url, headers: HTML });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
    },
  );

  it('does not answer a missing asset or an API path with the page', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/gone.js', headers: { accept: '*/*' } });
    const api = await ctx.app.inject({ method: 'GET', url: '/api/properties', headers: HTML });
    const post = await ctx.app.inject({ method: 'POST', url: '/properties', headers: HTML });

    for (const response of [asset, api, post]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
    }
  });

  it.each([
    ['curl and wget', { accept: '*/*' }],
    ['a client that sends no Accept', {}],
    ['an uptime monitor asking for text', { accept: 'text/plain, */*;q=0.5' }],
    ['a JSON client that takes anything else too', { accept: 'application/json, */*;q=0.1' }],
  ])('answers a page address with the page for %s', async (_case, headers) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/properties/create', headers });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(INDEX_HTML);
  });

  it.each([
    ['application/json'],
    ['application/json; charset=utf-8'],
    ['application/problem+json, application/json;q=0.9'],
    ['application/json, text/html;q=0'],
  ])(
    'answers an API client that takes only JSON (%s) at a page address with the 404 envelope',
    async (accept) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/properties/create',
        headers: { accept },
      });

      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
    },
  );

  it.each(['/assets/gone.js', '/favicon-gone.ico', '/robots.txt'])(
    'answers a missing file %s with the 404 envelope whatever the Accept',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });

      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
    },
  );

  it('answers pages with the 404 envelope when no client has been built', async () => {
    const response = await withoutClient.app.inject({ method: 'GET', url: '/properties', headers: HTML });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('pages rendered by the app on the server', () => {
  const TEMPLATE =
    '<!doctype html><html lang="he" dir="rtl"><head><title>נכסים</title>' +
    '<script type="module" crossorigin src="/assets/index-1.js"></script></head>' +
    '<body><noscript>Needs JavaScript · צריך JavaScript</noscript><div id="root"></div></body></html>';
  const assets: PageAssets = {
    __root__: { stylesheets: [], modules: [], texts: { he: [], en: [] }, wideScreenModules: [] },
    '/_public': {
      stylesheets: ['assets/public-1.css'],
      modules: ['assets/public-1.js'],
      texts: { he: ['assets/auth-he.js'], en: ['assets/auth-en.js'] },
      wideScreenModules: [],
    },
    '/_public/login': {
      stylesheets: ['assets/phone-input-1.css'],
      modules: ['assets/login-1.js'],
      texts: { he: [], en: [] },
      wideScreenModules: [],
    },
    '/_auth/properties/': {
      stylesheets: [],
      modules: ['assets/properties-page-1.js'],
      texts: { he: ['assets/list-he.js'], en: ['assets/list-en.js'] },
      wideScreenModules: ['assets/property-table-1.js'],
    },
  };
  /**
   * A stand-in for the SSR build (src/entry-server.tsx) behind the same port: the server's part is what
   * is tested here; the browser journey (server-rendered-page.e2e.ts) renders the real app.
   */
  const ENTRY = `
export async function renderPage({ url, language, signedIn, sidebarCollapsed }) {
  const path = url.split('?')[0];
  if (path === '/broken') throw new Error('render failed');
  if (path === '/sidebar') {
    const html = '<p>sidebar ' + (sidebarCollapsed ? 'collapsed' : 'expanded') + '</p>';
    return { kind: 'page', status: 200, language, direction: 'rtl', title: 'x', html, routeIds: ['__root__'], state: { url, language } };
  }
  if (path === '/properties') {
    if (!signedIn) return { kind: 'redirect', location: '/login?redirect=' + encodeURIComponent(url) };
    return { kind: 'client', routeIds: ['__root__', '/_auth', '/_auth/properties/'] };
  }
  const known = path === '/login';
  const title = language === 'en' ? 'Sign in | Nechasim' : 'התחברות | נכסים';
  return {
    kind: 'page',
    status: known ? 200 : 404,
    language,
    direction: language === 'en' ? 'ltr' : 'rtl',
    title: known ? title : '</title><script>alert(1)</script>',
    html: '<main><h1>' + (language === 'en' ? 'Sign in' : 'התחברות') + '</h1></main>',
    routeIds: known ? ['__root__', '/_public', '/_public/login'] : ['__root__'],
    state: { url: url + '</script><script>alert(2)</script>', language },
  };
}
`;
  let dir: string;
  let database: Database;
  let ctx: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nechasim-ssr-'));
    const clientDir = join(dir, 'client');
    await mkdir(join(clientDir, '.vite'), { recursive: true });
    await writeFile(join(clientDir, 'index.html'), TEMPLATE);
    await writeFile(join(clientDir, PAGE_ASSETS_FILE), JSON.stringify(assets));
    // Where the build puts the SSR entry: beside the client's directory.
    await mkdir(join(dir, 'ssr'));
    await writeFile(join(dir, 'ssr', SSR_ENTRY_FILE), ENTRY);
    database = await createTestDatabase();
    ctx = await buildTestApp({ database, config: { clientDir } });
  });

  afterAll(async () => {
    await ctx.close();
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...HTML, ...(cookie ? { cookie } : {}) } });

  it.each([
    ['no cookie', undefined, 'he', 'rtl', 'התחברות'],
    ['the English cookie among others', 'theme=dark; nechasim-lang=en; x=1', 'en', 'ltr', 'Sign in'],
    ['a language the app does not have', 'nechasim-lang=fr', 'he', 'rtl', 'התחברות'],
  ])('answers /login rendered, in the reader language, for %s', async (_case, cookie, lang, dir, heading) => {
    const response = await page('/login?redirect=%2Fproperties', cookie);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(`<html lang="${lang}" dir="${dir}" data-mantine-color-scheme="light">`);
    expect(response.body).toContain(`<div id="root"><main><h1>${heading}</h1></main></div>`);
    expect(response.body).toContain(
      `<title>${lang === 'en' ? 'Sign in | Nechasim' : 'התחברות | נכסים'}</title>`,
    );
    // The route's stylesheets and modules, and the texts of the reader's language, in the head.
    expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/public-1.css">');
    expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/phone-input-1.css">');
    // Painted by the server, the page needs its modules only to respond: the app asks for them as it
    // starts, so nothing fetched for them comes before the paint.
    expect(response.body).not.toContain('login-1.js');
    expect(response.body).not.toContain('auth-en.js');
    expect(response.body).not.toContain('auth-he.js');
    expect(response.body).not.toContain('rel="modulepreload" crossorigin href="/assets/');
    // The page reads without scripts: index.html's "needs JavaScript" line is dropped (the app's layouts
    // say in the page's language what needs scripts, src/components/no-script-notice).
    expect(response.body).not.toContain('Needs JavaScript');
    expect(response.headers['cache-control']).toBe('no-cache');
    // Shared caches must keep one copy per language and session.
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(response.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it.each([
    ['the collapsed cookie among others', 'x=1; nechasim-sidebar=collapsed', 'collapsed'],
    ['the expanded cookie', 'nechasim-sidebar=expanded', 'expanded'],
    ['no cookie', undefined, 'expanded'],
    ['a value the app never writes', 'nechasim-sidebar=1', 'expanded'],
  ])('renders the sidebar as its cookie says, for %s', async (_case, cookie, drawn) => {
    const response = await page('/sidebar', cookie);

    expect(response.body).toContain(`<div id="root"><p>sidebar ${drawn}</p></div>`);
  });

  it('hands the client what it rendered with in a JSON block, not a script that runs', async () => {
    const body = (await page('/login', 'nechasim-lang=en')).body;

    const scripts = [...body.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/g)];
    // Only the built entry (a file) and the data block; nothing inline for the page's CSP to refuse.
    expect(scripts.map((script) => script[1]?.trim())).toEqual([
      'type="module" crossorigin src="/assets/index-1.js"',
      'type="application/json" id="server-state"',
    ]);
    // `<` is escaped inside the block, so no text in it can close the element.
    const state = JSON.parse(scripts[1]?.[2] ?? '');
    expect(state).toEqual({ url: '/login</script><script>alert(2)</script>', language: 'en' });
  });

  it('compresses the rendered page for a browser that takes brotli or gzip', async () => {
    const plain = await page('/login');
    for (const [accept, encoding, decompress] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/login',
        headers: { ...HTML, 'accept-encoding': accept },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decompress(response.rawPayload).toString()).toBe(plain.body);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('answers an unknown page with the app’s not-found page and 404, its title escaped', async () => {
    const response = await page('/no-such-page');

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
  });

  it.each([
    ['/properties', undefined],
    ['/properties?filter=drafts&q=%D7%94%D7%A8%D7%A6', 'nechasim-lang=en'],
    ['/properties', 'nechasim-page-session=; nechasim-lang=he'],
    ['/properties', 'nechasim-page-session=forged; nechasim-lang=he'],
  ])('sends a browser without a session from %s to /login, to come back', async (url, cookie) => {
    const response = await page(url, cookie);

    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location ?? '', 'http://app.invalid');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('redirect')).toBe(url);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/cookie/i);
  });

  it('leaves a private page to a browser that holds a session, with its route’s modules in the head', async () => {
    const user = await createUser(ctx.db);
    const response = await page(
      '/properties',
      `nechasim-lang=en; ${await pageSessionCookieHeader(ctx, user.id)}`,
    );

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    // The frame alone needs scripts for everything: index.html's line says so.
    expect(response.body).toContain('<noscript>Needs JavaScript · צריך JavaScript</noscript>');
    expect(response.body).not.toContain('server-state');
    expect(response.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/properties-page-1.js">',
    );
    expect(response.body).toContain('<link rel="modulepreload" crossorigin href="/assets/list-en.js">');
    expect(response.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/property-table-1.js" media="not all and (max-width: 40em)">',
    );
  });

  it('answers with index.html, for the browser to render, when rendering fails', async () => {
    const response = await page('/broken');

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(TEMPLATE);
  });
});
