import { describe, expect, it } from 'vitest';
import { appForTests } from './helpers/app-for-tests';
import { buildTestApp } from './helpers/build-test-app';

describe('security headers', () => {
  const ctx = appForTests({ config: { corsOrigins: ['https://client.example.com'] } });

  it('sends a strict Content-Security-Policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const directives = Object.fromEntries(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );

    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'object-src': "'none'",
      'base-uri': "'none'",
      'frame-ancestors': "'none'",
      // A listing's tour (issue 21): YouTube's privacy-enhanced player, Vimeo and Matterport only.
      'frame-src': 'https://www.youtube-nocookie.com https://player.vimeo.com https://my.matterport.com',
    });
  });

  it('sends HSTS for a year, nosniff and a strict referrer policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('sends the same headers with error answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/property/list' });

    expect(response.statusCode).toBe(401);
    expect(response.headers['content-security-policy']).toMatch(/object-src 'none'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('marks API answers, errors included, as not cacheable', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/missing' });

    expect(ok.headers['cache-control']).toBe('no-store');
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('sends no stack trace or internals in a 500', async () => {
    const broken = await buildTestApp({
      database: ctx.database,
      handlers: () => ({
        getHealth: async () => {
          throw new Error('secret detail at /srv/app/server/db.ts:12');
        },
      }),
    });
    try {
      const failure = await broken.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'accept-language': 'en' },
      });
      expect(failure.statusCode).toBe(500);
      expect(failure.json()).toEqual({
        success: false,
        code: 'internal_error',
        Message: 'Something went wrong on our side. Please try again in a few moments.',
      });
    } finally {
      await broken.close();
    }
  });

  it('allows only the configured origins cross-origin', async () => {
    const allowed = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/login/Otp/send',
      headers: {
        origin: 'https://client.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example.com' },
    });

    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://client.example.com');
    expect(allowed.headers['access-control-allow-headers']).toMatch(/Authorization/);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
