import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

describe('rate limiting', () => {
  let ctx: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'nechasim-client-'));
    await mkdir(join(clientDir, 'assets'));
    await writeFile(join(clientDir, 'index.html'), '<!doctype html><title>נכסים</title>');
    await writeFile(join(clientDir, 'assets', 'index.js'), 'console.log("app");');
    ctx = await buildTestApp({
      config: { clientDir },
      rateLimitMax: 3,
      handlers: () => ({
        getLead: {
          options: { config: { rateLimit: { max: 1, timeWindow: 60_000 } } },
          handler: async (request) => ({
            success: true as const,
            data: {
              id: request.params.leadId,
              firstName: 'Dana',
              lastName: 'Levi',
              email: 'dana@example.com',
              phoneNumber: '+972501234567',
              acceptedTerms: true,
              registrationStep: 1 as const,
              createdAt: '2025-03-01T09:00:00.000Z',
            },
          }),
        },
      }),
    });
  });

  afterAll(async () => {
    await ctx.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('answers 429 with the envelope and Retry-After once the default per-IP limit is spent', async () => {
    const statuses: number[] = [];
    let last = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    statuses.push(last.statusCode);
    for (let i = 0; i < 3; i++) {
      last = await ctx.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'accept-language': 'en' },
      });
      statuses.push(last.statusCode);
    }

    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json()).toEqual({
      success: false,
      code: 'rate_limited',
      Message: 'Too many requests. Please try again in a few moments.',
    });
  });

  it("never counts the app's own pages and files, which a whole office loads from one address", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await ctx.app.inject({ method: 'GET', url: '/assets/index.js', remoteAddress: '10.0.0.9' }))
          .statusCode,
      );
    }
    expect(statuses).not.toContain(429);
  });

  it('lets one operation set a tighter limit of its own', async () => {
    const url = '/api/login/leads/7b0f0a52-3c4e-4d8e-9c41-6c1f6f3a2b10';
    const first = await ctx.app.inject({ method: 'GET', url, remoteAddress: '10.0.0.2' });
    const second = await ctx.app.inject({ method: 'GET', url, remoteAddress: '10.0.0.2' });

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
  });
});
