import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

/**
 * A request that has been answered keeps no body deadline behind it. Requests whose body is never
 * read (a GET, or one answered in process by inject, whose request has no real socket) left their
 * timer running, and when it fired it tried to close a socket that was not there: thousands of
 * uncaught TypeErrors across a test run.
 */
const REQUEST_TIMEOUT_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an answered request', () => {
  let ctx: TestApp;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    ctx = await buildTestApp({ config: { requestTimeoutMs: REQUEST_TIMEOUT_MS } });
    process.on('uncaughtException', record);
  });
  afterAll(async () => {
    process.off('uncaughtException', record);
    await ctx.close();
  });

  it('leaves nothing to fire after its deadline when answered in process', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/login/Otp/send', payload: { x: 1 } });
    expect(health.statusCode).toBe(200);
    expect(bad.statusCode).toBe(400);
    await sleep(REQUEST_TIMEOUT_MS * 4);
    expect(uncaught).toEqual([]);
  });
});
