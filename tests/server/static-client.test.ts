import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
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
    // What the build writes beside each text file (scripts/perf/vite-plugins.ts).
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

  it('answers pages with the 404 envelope when no client has been built', async () => {
    const response = await withoutClient.app.inject({ method: 'GET', url: '/properties', headers: HTML });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});
