import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { createTestDatabase } from './helpers/test-database';

const PHONE = '+972501234567';
const outboxUrl = (phone: string) => `/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`;

describe('the dev SMS outbox', () => {
  let database: Database;
  let dev: TestApp;
  let production: TestApp;
  let httpProvider: TestApp;
  let behindProxy: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    dev = await buildTestApp({ database });
    production = await buildTestApp({ database, config: { nodeEnv: 'production', isProduction: true } });
    httpProvider = await buildTestApp({
      database,
      config: {
        smsProvider: 'http',
        smsGateway: { url: 'https://sms.example.com/', token: 't', sender: 'Nechasim', timeoutMs: 1000 },
      },
    });
    behindProxy = await buildTestApp({ database, config: { trustProxy: ['127.0.0.1'] } });
  });

  afterAll(async () => {
    await dev.close();
    await production.close();
    await httpProvider.close();
    await behindProxy.close();
    await database.close();
  });

  it('lists a message that carries no code (an exposure link) with an empty code', async () => {
    const phone = '+972521110000';
    await dev.app.sms.send({ phoneNumber: phone, message: 'בקשה לחתימה: https://x.test/e/abc', code: '' });
    const response = await dev.app.inject({ method: 'GET', url: outboxUrl(phone) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data[0]).toMatchObject({ message: 'בקשה לחתימה: https://x.test/e/abc', code: '' });
  });

  it('lists what the dev provider sent to a phone, newest first', async () => {
    dev.clock.set('2025-03-01T09:00:00.000Z');
    await dev.app.sms.send({ phoneNumber: PHONE, message: 'קוד האימות שלך: 111111', code: '111111' });
    dev.clock.advance(30_000);
    await dev.app.sms.send({ phoneNumber: PHONE, message: 'קוד האימות שלך: 222222', code: '222222' });
    // Same instant: insertion order still decides.
    await dev.app.sms.send({ phoneNumber: PHONE, message: 'קוד האימות שלך: 333333', code: '333333' });
    await dev.app.sms.send({
      phoneNumber: '+972529999999',
      message: 'קוד האימות שלך: 999999',
      code: '999999',
    });

    const response = await dev.app.inject({ method: 'GET', url: outboxUrl(PHONE) });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: [
        {
          phoneNumber: PHONE,
          message: 'קוד האימות שלך: 333333',
          code: '333333',
          sentAt: '2025-03-01T09:00:30.000Z',
        },
        {
          phoneNumber: PHONE,
          message: 'קוד האימות שלך: 222222',
          code: '222222',
          sentAt: '2025-03-01T09:00:30.000Z',
        },
        {
          phoneNumber: PHONE,
          message: 'קוד האימות שלך: 111111',
          code: '111111',
          sentAt: '2025-03-01T09:00:00.000Z',
        },
      ],
    });
  });

  it('answers an empty list for a phone nobody wrote to', async () => {
    const response = await dev.app.inject({ method: 'GET', url: outboxUrl('+12025550123') });

    expect(response.json()).toEqual({ success: true, data: [] });
  });

  it('does not exist in production, whatever the query', async () => {
    const valid = await production.app.inject({ method: 'GET', url: outboxUrl(PHONE) });
    const invalid = await production.app.inject({ method: 'GET', url: '/api/dev/sms-outbox' });

    for (const response of [valid, invalid]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
      expect(response.body).not.toContain('111111');
    }
  });

  it('answers only this machine: another address, or a client forwarded by a local proxy, gets 404', async () => {
    await dev.app.sms.send({ phoneNumber: PHONE, message: 'קוד האימות שלך: 444444', code: '444444' });
    const remote = await dev.app.inject({
      method: 'GET',
      url: outboxUrl(PHONE),
      remoteAddress: '203.0.113.7',
    });
    const forwarded = await behindProxy.app.inject({
      method: 'GET',
      url: outboxUrl(PHONE),
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    const local = await dev.app.inject({ method: 'GET', url: outboxUrl(PHONE), remoteAddress: '::1' });

    for (const response of [remote, forwarded]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
      expect(response.body).not.toContain('444444');
    }
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('444444');
  });

  it('does not exist when codes go out by a real SMS gateway', async () => {
    const response = await httpProvider.app.inject({ method: 'GET', url: outboxUrl(PHONE) });

    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('111111');
  });
});
