import { definePlugin } from './define-plugin';
import { isApiUrl } from './security-headers';

/**
 * The app and its API share an origin, so CORS is off unless CORS_ORIGINS lists other origins
 * (a separately hosted client, say). Only those exact origins get CORS headers on /api.
 */
export const corsPlugin = definePlugin<{ origins: string[] }>('cors', async (app, { origins }) => {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiUrl(request.url)) return;
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', 'Retry-After');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', 'GET, POST, PUT, DELETE');
      reply.header(
        'access-control-allow-headers',
        'Authorization, Content-Type, Accept-Language, X-Lead-Secret',
      );
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
});
