import { TOUR_EMBED_ORIGINS } from '@domain/tour-link';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import { definePlugin } from './define-plugin';

/**
 * A strict CSP for the app: only our own scripts, no plugins, no framing, no <base> tricks.
 * Styles allow 'unsafe-inline' because Mantine injects them at runtime. API responses are not
 * cached by default; a route that wants caching sets its own Cache-Control.
 */
export const securityHeadersPlugin = definePlugin<{ isProduction: boolean; fileOrigins?: string[] }>(
  'security-headers',
  async (app, options) => {
    const headers = await helmetHeaders(helmetOptions(options.isProduction, options.fileOrigins ?? []));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (isApiUrl(request.url) && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
      return payload;
    });
  },
);

/** `fileOrigins`: where stored files are read from when not from us (an S3 bucket's presigned URLs). */
function helmetOptions(isProduction: boolean, fileOrigins: string[]): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...fileOrigins],
        mediaSrc: ["'self'", 'blob:', ...fileOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The view page frames a listing's tour from these hosts only (domain/tour-link.ts).
        frameSrc: [...TOUR_EMBED_ORIGINS],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        scriptSrcAttr: ["'none'"],
        // Only behind TLS: on plain http://localhost it would break every request.
        ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The headers helmet sends with these options, found once at start by asking a throwaway instance
 * with and without it. @fastify/helmet builds its middleware (parsing the whole CSP again) on every
 * request; the options hold no per-request part (no nonces, no functions), so the answer is fixed.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = async (withHelmet: boolean) => {
    const instance = Fastify();
    if (withHelmet) await instance.register(helmet, options);
    instance.get('/', async () => 'probe');
    const response = await instance.inject({ method: 'GET', url: '/' });
    await instance.close();
    return response.headers;
  };
  const [bare, helmeted] = [await probe(false), await probe(true)];
  return Object.fromEntries(
    Object.entries(helmeted)
      .filter(([name, value]) => bare[name] === undefined && value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  );
}

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
