import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTRACT_PATH, type ContractOperation, listOperations } from '../../server/http/contract';
import { appForTests } from './helpers/app-for-tests';
import { buildTestApp } from './helpers/build-test-app';

const document = parse(readFileSync(CONTRACT_PATH, 'utf8'));
const operations = listOperations(document);
const NIL_UUID = '00000000-0000-4000-8000-000000000000';

describe('the OpenAPI contract as served', () => {
  // With the development switches on (the dev SMS provider is the test default; the settable clock is
  // switched here), so the dev routes answer too rather than hiding behind their deliberate 404.
  const ctx = appForTests({ config: { settableClock: true } });

  it('serves the document at /api/openapi.json with exactly the YAML content', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(document);
  });

  it('serves readable docs at /api/docs from local assets', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<div id="swagger-ui">');
      expect(page.body).not.toMatch(/https?:\/\//);
    }

    const bundle = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);

    const spec = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.json().paths).toEqual(document.paths);
  });

  it('routes every operation of the contract', () => {
    expect(operations.length).toBeGreaterThan(20);
    for (const operation of operations) {
      expect(ctx.app.hasRoute({ method: operation.method, url: operation.url }), operation.operationId).toBe(
        true,
      );
    }
  });

  it.each(operations.map((operation) => [operation.operationId, operation] as const))(
    '%s is reachable: a request never falls through to the 404 handler',
    async (_operationId, operation) => {
      // Deliberately invalid input: the route must answer (400, 401, ...) without reaching a handler,
      // so this stays true however the operation is implemented later.
      const response = await ctx.app.inject({
        method: operation.method,
        url: concreteUrl(operation, 'not-a-uuid'),
        ...(operation.requestMediaTypes.includes('application/json')
          ? { payload: { unexpected: true }, headers: { 'content-type': 'application/json' } }
          : {}),
      });

      expect(response.statusCode).not.toBe(404);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ success: expect.any(Boolean) });
    },
  );

  it('answers 501 not_implemented with the envelope for an operation without a handler', async () => {
    // Every operation has a handler now; take one away to see what an unfinished operation answers.
    const withoutSendOtp = await buildTestApp({
      database: ctx.database,
      handlers: () => ({ sendOtp: undefined }),
    });
    try {
      const response = await withoutSendOtp.app.inject({
        method: 'POST',
        url: '/api/login/Otp/send',
        payload: { phoneNumber: '+972501234567', process: 'auth' },
      });

      expect(response.statusCode).toBe(501);
      expect(response.json()).toEqual({
        success: false,
        code: 'not_implemented',
        Message: 'הפעולה עדיין אינה זמינה.',
      });
    } finally {
      await withoutSendOtp.close();
    }
  });

  it('turns away a protected operation without a bearer token before reading its body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/property/create',
      payload: 'this is not even JSON',
      headers: { 'content-type': 'application/json' },
    });

    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toMatchObject({ success: false, code: 'unauthorized' });
  });

  it('treats a bearer token nobody can verify yet as unauthenticated', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/property/summary',
      headers: { authorization: 'Bearer a.b.c' },
    });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'unauthorized' });
  });

  it('answers an unknown /api path with the 404 envelope, in English on request', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'accept-language': 'en' },
    });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: 'not_found',
      Message: 'The requested resource was not found.',
    });
  });

  it('routes the multipart operations by hand, validating their path', async () => {
    const route = operations.find((operation) => operation.operationId === 'addPropertyFiles');
    expect(route?.manual).toBe(true);
    expect(ctx.app.hasRoute({ method: 'POST', url: '/api/property/:id/files' })).toBe(true);
  });
});

function concreteUrl(operation: ContractOperation, pathValue: string): string {
  const path = operation.url.replace(/:(\w+)/g, () => pathValue);
  return operation.openapiPath === '/property/files/{fileId}' && operation.method === 'GET'
    ? `${path}?expires=1&sig=${NIL_UUID.replace(/-/g, '')}`
    : path;
}
