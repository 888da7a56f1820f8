import rateLimit from '@fastify/rate-limit';
import { AppError } from '../http/app-error';
import { definePlugin } from './define-plugin';

/**
 * A generous per-IP ceiling for the API. Operations that need a tight one (sending codes, signing
 * in) set `options.config.rateLimit` on their handler, which overrides this default. The app's own
 * files are not counted: a whole office behind one address loads them on every visit, and a 429 on
 * a script is a blank page.
 */
export const rateLimitPlugin = definePlugin<{ max?: number }>('rate-limit', async (app, options) => {
  await app.register(rateLimit, {
    global: true,
    max: options.max ?? 600,
    timeWindow: 60_000,
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        context.statusCode === 403 ? 403 : 429,
        context.statusCode === 403 ? 'forbidden' : 'rate_limited',
        {
          headers: { 'Retry-After': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
        },
      ),
  });
});
