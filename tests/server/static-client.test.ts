import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { FIRST_PAINT_MANIFEST, type FirstPaintManifest } from '../../server/http/first-paint';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
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

describe('pages drawn at build time', () => {
  const DRAWN = {
    he: '<!doctype html><html lang="he" dir="rtl"><body><div id="root"><div data-first-paint inert>התחברות</div></div></body></html>',
    en: '<!doctype html><html lang="en" dir="ltr"><body><div id="root"><div data-first-paint inert>Sign in</div></div></body></html>',
  };
  const manifest: FirstPaintManifest = {
    languageCookie: 'nechasim-lang',
    defaultLanguage: 'he',
    sessionCookie: 'nechasim-session',
    signedInPages: ['/', '/properties'],
    pages: {
      '/login': { he: 'first-paint/he/login.html', en: 'first-paint/en/login.html' },
      '/': { he: 'first-paint/he/home.html', en: 'first-paint/en/home.html' },
    },
  };
  const HOME = {
    he: '<!doctype html><html><head><link rel="modulepreload" href="/assets/list-he.js"></head></html>',
    en: '<!doctype html><html><head><link rel="modulepreload" href="/assets/list-en.js"></head></html>',
  };
  let clientDir: string;
  let database: Database;
  let ctx: TestApp;

  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'nechasim-client-'));
    await writeFile(join(clientDir, 'index.html'), INDEX_HTML);
    for (const [language, html] of Object.entries(DRAWN)) {
      await mkdir(join(clientDir, 'first-paint', language), { recursive: true });
      await writeFile(join(clientDir, 'first-paint', language, 'login.html'), html);
      await writeFile(join(clientDir, 'first-paint', language, 'home.html'), HOME[language as 'he' | 'en']);
    }
    await writeFile(join(clientDir, FIRST_PAINT_MANIFEST), JSON.stringify(manifest));
    database = await createTestDatabase();
    ctx = await buildTestApp({ database, config: { clientDir } });
  });

  afterAll(async () => {
    await ctx.close();
    await database.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...HTML, ...(cookie ? { cookie } : {}) } });

  it.each([
    ['no cookie', undefined, DRAWN.he],
    ['the Hebrew cookie', 'nechasim-lang=he', DRAWN.he],
    ['the English cookie among others', 'theme=dark; nechasim-lang=en; x=1', DRAWN.en],
    ['a language with no drawing', 'nechasim-lang=fr', DRAWN.he],
    ['a cookie of another name', 'lang=en', DRAWN.he],
  ])('answers /login with its drawing for %s', async (_case, cookie, expected) => {
    const response = await page('/login', cookie);

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(expected);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    // Shared caches must keep one copy per language.
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it('draws /login with its query too, and no other page', async () => {
    const withQuery = await page('/login?redirect=%2Fproperties', 'nechasim-lang=en');
    const other = await page('/properties', 'nechasim-lang=en; nechasim-session=1');

    expect(withQuery.body).toBe(DRAWN.en);
    expect(other.body).toBe(INDEX_HTML);
    expect(other.headers.vary ?? '').not.toMatch(/cookie/i);
  });

  it('answers / with the page the build prepared for it, in the reader language, not the plain index.html', async () => {
    expect((await page('/', 'nechasim-session=1')).body).toBe(HOME.he);
    expect((await page('/?q=%D7%94%D7%A8%D7%A6%D7%9C', 'nechasim-lang=en; nechasim-session=1')).body).toBe(
      HOME.en,
    );
  });

  it.each([
    ['/', undefined, '/'],
    ['/properties?filter=drafts&q=הרצ', 'nechasim-lang=en', '/properties?filter=drafts&q=הרצ'],
    ['/properties', 'nechasim-session=; nechasim-lang=he', '/properties'],
  ])(
    'sends a browser that holds no session from %s to /login, to come back after signing in',
    async (url, cookie, back) => {
      const response = await page(encodeURI(url), cookie);

      expect(response.statusCode).toBe(302);
      const location = new URL(response.headers.location ?? '', 'http://app.invalid');
      expect(location.pathname).toBe('/login');
      expect(location.searchParams.get('redirect')).toBe(encodeURI(back));
      expect(decodeURIComponent(location.searchParams.get('redirect') ?? '')).toBe(back);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/cookie/i);
    },
  );

  it('leaves other private pages to the app, which keeps its own guard', async () => {
    const response = await page('/properties/create');

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });
});
