import helmet from '@fastify/helmet';
import { definePlugin } from './define-plugin';

/**
 * A strict CSP for the app: only our own scripts, no plugins, no framing, no <base> tricks.
 * Styles allow 'unsafe-inline' because Mantine injects them at runtime. API responses are not
 * cached by default; a route that wants caching sets its own Cache-Control.
 */
export const securityHeadersPlugin = definePlugin<{ isProduction: boolean }>(
  'security-headers',
  async (app, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          scriptSrcAttr: ["'none'"],
          // Only behind TLS: on plain http://localhost it would break every request.
          ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xContentTypeOptions: true,
      xFrameOptions: { action: 'deny' },
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (isApiUrl(request.url) && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
      return payload;
    });
  },
);

/**
 * What an answer gets when it leaves before any hook ran (the router's refusals of a malformed
 * URL): the same protections, with the strictest policy, since such a body is only ever JSON.
 */
export const FALLBACK_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
} as const;

export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
