import rateLimit from '@fastify/rate-limit';
import { AppError } from '../http/app-error';
import { definePlugin } from './define-plugin';

/**
 * A generous per-IP ceiling for every route. Operations that need a tight one (sending codes,
 * signing in) set `options.config.rateLimit` on their handler, which overrides this default.
 */
export const rateLimitPlugin = definePlugin<{ max?: number }>('rate-limit', async (app, options) => {
  await app.register(rateLimit, {
    global: true,
    max: options.max ?? 300,
    timeWindow: 60_000,
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
