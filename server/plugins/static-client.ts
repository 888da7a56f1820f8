import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { AppError } from '../http/app-error';
import { loadFirstPaint } from '../http/first-paint';
import { definePlugin } from './define-plugin';
import { isPageRequest } from './page-request';

/**
 * Serves the built client when there is one: hashed /assets/* are immutable, everything else
 * (index.html above all) is revalidated on each load. Any other GET for a page address (not /api, not
 * a file name, asked by anyone but a JSON-only API client: server/plugins/page-request.ts) gets
 * index.html, so deep links like /properties/create work, or the page as the build drew it
 * (server/http/first-paint.ts), or /login for a private landing page in a browser that holds no session;
 * the rest is a 404 envelope.
 */
export const staticClientPlugin = definePlugin<{ clientDir: string }>(
  'static-client',
  async (app, { clientDir }) => {
    const hasClient = existsSync(join(clientDir, 'index.html'));
    const firstPaint = loadFirstPaint(clientDir);

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
      if (hasClient && isPageRequest(request.method, request.url, request.headers.accept)) {
        // No session in this browser: to /login now, rather than after the list's modules have run.
        const signIn = firstPaint.signInRedirect(request.url, request.headers.cookie);
        if (signIn) {
          return reply.header('cache-control', 'no-cache').header('vary', 'cookie').redirect(signIn, 302);
        }
        // A page drawn at build time paints before the app runs; in the reader's language, hence Vary.
        const drawn = firstPaint.fileFor(request.url, request.headers.cookie);
        if (drawn) reply.header('vary', 'cookie');
        return reply
          .header('cache-control', 'no-cache')
          .sendFile(drawn ?? 'index.html', clientDir, { cacheControl: false });
      }
      throw new AppError(404, 'not_found');
    });
  },
);
