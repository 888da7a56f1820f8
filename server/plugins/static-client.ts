import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { AppError } from '../http/app-error';
import { compressPage, loadPageRenderer, type PageReaders } from '../http/page-renderer';
import { definePlugin } from './define-plugin';
import { isPageRequest } from './page-request';

/**
 * Serves the built client when there is one: hashed /assets/* are immutable, everything else
 * (index.html above all) is revalidated on each load. Any other GET for a page address (not /api, not
 * a file name, asked by anyone but a JSON-only API client: server/plugins/page-request.ts) gets the
 * page rendered by the app's server entry (server/http/page-renderer.ts), in the reader's language, or
 * /login when it is private and the browser holds no session; the browser hydrates it. Without the SSR
 * build every page is index.html, which the app renders itself. The rest is a 404 envelope.
 */
export const staticClientPlugin = definePlugin<{ clientDir: string; readers?: PageReaders }>(
  'static-client',
  async (app, { clientDir, readers }) => {
    const hasClient = existsSync(join(clientDir, 'index.html'));
    const pages = hasClient
      ? await loadPageRenderer(clientDir, (message, error) => app.log.warn({ err: error }, message), readers)
      : undefined;

    if (hasClient) {
      await app.register(fastifyStatic, {
        root: clientDir,
        prefix: '/',
        // Routes for the files present at start only: unknown paths fall through to the handler below.
        wildcard: false,
        // `/` is a page like any other (the property list): answered below, where prepared pages are picked.
        index: false,
        cacheControl: false,
        // The build writes .br and .gz beside each text file (vite.config.ts): sent as they are.
        preCompressed: true,
        setHeaders(reply, path) {
          const immutable = path.includes(`${join(clientDir, 'assets')}/`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      if (pages && isPageRequest(request.method, request.url, request.headers.accept)) {
        const page = await pages.answer(request.url, request.headers.cookie);
        // The answer depends on the language and session cookies: shared caches keep one per reader.
        reply.header('cache-control', 'no-cache');
        if (pages.rendering) reply.header('vary', 'cookie');
        if (page.kind === 'redirect') return reply.redirect(page.location, 302);
        if (page.kind === 'index') return reply.sendFile('index.html', clientDir, { cacheControl: false });
        const { body, encoding } = compressPage(page.html, request.headers['accept-encoding']);
        reply.header('vary', 'cookie, accept-encoding');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.code(page.status).type('text/html; charset=utf-8').send(body);
      }
      throw new AppError(404, 'not_found');
    });
  },
);
