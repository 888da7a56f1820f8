import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadContract } from '../../../server/http/contract';
import { appForTests } from '../helpers/app-for-tests';
import { login, NO_ROUTE_LIMITS, post, requestCode, uniquePhone } from '../helpers/auth-flow';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { draftRetail, fileParts, multipart, SAMPLE_FILES } from '../helpers/properties';
import { bearer, createUser } from '../helpers/sign-in';

/**
 * Security headers on every response (issue 8, part 6): every operation of the contract, with and
 * without credentials, plus pages, docs, unknown paths and preflights.
 */

const OPERATIONS = listOperations(loadContract());
const ALLOWED_ORIGIN = 'https://client.example.com';
const ONE_YEAR = 31_536_000;
/** Everything sign-in and registration answer with may carry a code, a token or a person's details. */
const AUTH_TAGS = new Set(['otp', 'auth', 'leads']);

function directives(response: LightMyRequestResponse): Map<string, string> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values.join(' ')]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse, label: string) {
  const csp = directives(response);
  expect(csp.get('object-src'), `${label}: object-src`).toBe("'none'");
  expect(csp.get('base-uri'), `${label}: base-uri`).toBe("'none'");
  expect(csp.get('frame-ancestors'), `${label}: frame-ancestors`).toMatch(/^('none'|'self')$/);
  const maxAge = /max-age=(\d+)/.exec(String(response.headers['strict-transport-security']))?.[1];
  expect(Number(maxAge), `${label}: HSTS`).toBeGreaterThanOrEqual(ONE_YEAR);
  expect(response.headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff');
  expect(response.headers['referrer-policy'], `${label}: Referrer-Policy`).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expect(response.headers['access-control-allow-origin'], `${label}: no CORS for strangers`).toBeUndefined();
}

describe('security headers on every response', () => {
  let ctx: TestApp;
  let clientDir: string;
  let dataDir: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'nechasim-client-'));
    await writeFile(join(clientDir, 'index.html'), '<!doctype html><title>נכסים</title>');
    dataDir = await mkdtemp(join(tmpdir(), 'nechasim-headers-'));
    ctx = await buildTestApp({
      config: { ...NO_ROUTE_LIMITS, corsOrigins: [ALLOWED_ORIGIN], clientDir, dataDir },
    });
    headers = await bearer(ctx, (await createUser(ctx.db)).id);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(clientDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  const requestFor = (operation: (typeof OPERATIONS)[number], withAuth: boolean): InjectOptions => ({
    method: operation.method,
    url: operation.url.replace(/:(\w+)/g, () => crypto.randomUUID()),
    headers: { origin: 'https://evil.example.com', ...(withAuth ? headers : {}) },
    ...(operation.requestMediaTypes.includes('application/json') ? { payload: {} } : {}),
  });

  it.each(
    OPERATIONS.flatMap((operation) => [
      [`${operation.operationId} (anonymous)`, operation, false] as const,
      [`${operation.operationId} (signed in)`, operation, true] as const,
    ]),
  )('%s', async (label, operation, withAuth) => {
    const response = await ctx.app.inject(requestFor(operation, withAuth));

    expectSecurityHeaders(response, label);
    if (operation.url.startsWith('/api/') && operation.operationId !== 'getPropertyFile') {
      expect(response.headers['cache-control'], label).toBe('no-store');
    }
  });

  it('sends them with pages, the contract, the docs, unknown paths and bad methods too', async () => {
    const requests: InjectOptions[] = [
      { method: 'GET', url: '/', headers: { accept: 'text/html' } },
      { method: 'GET', url: '/properties/create', headers: { accept: 'text/html' } },
      { method: 'GET', url: '/api/openapi.json' },
      { method: 'GET', url: '/api/docs' },
      { method: 'GET', url: '/api/nothing-here' },
      { method: 'GET', url: `/api/property/${'x'.repeat(500)}` },
      { method: 'GET', url: '/api/property/%E0%A4%A' },
      { method: 'PATCH', url: '/api/health' },
      {
        method: 'POST',
        url: '/api/login/Otp/send',
        payload: '{"broken',
        headers: { 'content-type': 'application/json' },
      },
    ];
    for (const options of requests) {
      const response = await ctx.app.inject(options);
      expectSecurityHeaders(response, `${options.method} ${options.url} → ${response.statusCode}`);
    }
  });

  it('sends them with a stored file too, with a private cache instead of no-store', async () => {
    const body = multipart([
      { name: 'property', value: JSON.stringify(draftRetail()) },
      ...fileParts('PropertyImages', 0, SAMPLE_FILES.png),
    ]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/property/create-with-files',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    const url = created.json().data.files.propertyImages[0].url as string;

    const file = await ctx.app.inject({ method: 'GET', url });

    expect(file.statusCode).toBe(200);
    expectSecurityHeaders(file, 'stored file');
    expect(directives(file).get('default-src')).toBe("'none'");
    expect(directives(file).has('sandbox')).toBe(true);
    expect(file.headers['cache-control']).toBe('private, max-age=600');
  });

  it('marks every sign-in and registration answer no-store, successes included', async () => {
    const authOperations = OPERATIONS.filter((operation) =>
      ((operation.spec.tags as string[] | undefined) ?? []).some((tag) => AUTH_TAGS.has(tag)),
    );
    expect(authOperations.length).toBeGreaterThanOrEqual(9);
    const phoneNumber = uniquePhone();
    await createUser(ctx.db, { phoneNumber });
    const { otpSessionId, code } = await requestCode(ctx.app, { phoneNumber });
    const signedIn = await login(ctx.app, { phoneNumber, otpSessionId, otpCode: code });
    const refreshed = await post(ctx.app, '/api/auth/refresh', {
      refreshToken: signedIn.json().data.refreshToken,
    });

    for (const response of [signedIn, refreshed]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expectSecurityHeaders(response, 'success');
    }
  });

  it('answers CORS only to the configured origin, never with a wildcard or credentials', async () => {
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/property/create',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization',
        },
      });
    const allowed = await preflight(ALLOWED_ORIGIN);
    const stranger = await preflight('https://evil.example.com');
    const lookalike = await preflight(`${ALLOWED_ORIGIN}.evil.example.com`);
    const nullOrigin = await preflight('null');
    const simple = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: ALLOWED_ORIGIN },
    });

    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(simple.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    for (const response of [stranger, lookalike, nullOrigin]) {
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-methods']).toBeUndefined();
    }
    for (const response of [allowed, simple, stranger]) {
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers.vary).toMatch(/Origin/i);
    }
  });
});

describe('CORS when no origin is configured', () => {
  const ctx = appForTests();

  it('answers no origin at all', async () => {
    const response = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'https://client.example.com', 'access-control-request-method': 'GET' },
    });

    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expectSecurityHeaders(response, 'preflight without CORS_ORIGINS');
  });
});
