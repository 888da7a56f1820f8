import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

describe('GET /api/health', () => {
  let ctx: TestApp;
  let down: TestApp;

  beforeAll(async () => {
    ctx = await buildTestApp();
    // Same database, but every round trip fails: what the app sees when its database is gone.
    const unreachable = { ...ctx.database, ping: () => Promise.reject(new Error('connection refused')) };
    down = await buildTestApp({ database: unreachable });
  });

  afterAll(async () => {
    await down.close();
    await ctx.close();
  });

  it('answers ok once the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('answers 503 with the error envelope when the database does not answer', async () => {
    const response = await down.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      code: 'service_unavailable',
      Message: 'The service is unavailable right now. Please try again in a few moments.',
    });
  });
});
