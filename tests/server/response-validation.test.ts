import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationResult } from '../../server/handlers/types';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

const PHONE = '+972501234567';
type Outbox = OperationResult<'listSmsOutbox'>;

/** Outside production a handler that strays from the contract fails loudly instead of losing data. */
describe('responses are checked against the contract outside production', () => {
  let ctx: TestApp;
  let production: TestApp;
  let answer: unknown;

  beforeAll(async () => {
    const handlers = () => ({ listSmsOutbox: async () => answer as Outbox });
    ctx = await buildTestApp({ handlers });
    production = await buildTestApp({
      database: ctx.database,
      handlers,
      config: { validateResponses: false },
    });
  });

  afterAll(async () => {
    await production.close();
    await ctx.close();
  });

  const outbox = (app: TestApp) =>
    app.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${encodeURIComponent(PHONE)}` });
  const entry = {
    phoneNumber: PHONE,
    message: 'קוד: 123456',
    code: '123456',
    sentAt: new Date('2025-03-01T09:00:00Z'),
  };

  it('passes a body that matches, Dates sent as ISO strings', async () => {
    answer = { success: true, data: [entry] };

    const response = await outbox(ctx);

    expect(response.statusCode).toBe(200);
    expect(response.json().data[0].sentAt).toBe('2025-03-01T09:00:00.000Z');
  });

  it('fails with 500 when a handler returns a field the contract does not declare', async () => {
    answer = { success: true, data: [{ ...entry, internalNote: 'x' }] };

    const response = await outbox(ctx);

    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({
      code: 'internal_error',
      details: [{ path: 'response/data/0', message: expect.stringContaining('internalNote') }],
    });
  });

  it('fails with 500 when a required field is missing', async () => {
    const { code: _code, ...withoutCode } = entry;
    answer = { success: true, data: [withoutCode] };

    const response = await outbox(ctx);

    expect(response.statusCode).toBe(500);
  });

  it('is off when validateResponses is off, as in production', async () => {
    answer = { success: true, data: [{ ...entry, internalNote: 'x' }] };

    const response = await outbox(production);

    expect(response.statusCode).toBe(200);
    // Fastify's serializer drops what the schema does not declare: the reason for the check above.
    expect(response.json().data[0]).not.toHaveProperty('internalNote');
  });
});
