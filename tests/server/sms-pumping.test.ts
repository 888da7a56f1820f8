import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsMessage, SmsProvider } from '../../server/sms/sms-provider';
import { appForTests } from './helpers/app-for-tests';
import { NO_ROUTE_LIMITS, sendCode, uniquePhone } from './helpers/auth-flow';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

/**
 * SMS pumping: codes go only to the countries the service is for (Israel unless SMS_COUNTRIES says
 * more), and the whole service sends at most SMS_DAILY_LIMIT a UTC day, whoever asks.
 */

function countingSms(): SmsProvider & { sent: SmsMessage[] } {
  const sent: SmsMessage[] = [];
  return {
    name: 'counting',
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

describe('where codes may go', () => {
  let israelOnly: TestApp;
  let withUs: TestApp;
  let sms: ReturnType<typeof countingSms>;

  beforeAll(async () => {
    sms = countingSms();
    israelOnly = await buildTestApp({ config: NO_ROUTE_LIMITS, sms });
    withUs = await buildTestApp({ config: { ...NO_ROUTE_LIMITS, smsCountries: ['IL', 'US'] }, sms });
  });

  afterAll(async () => {
    await israelOnly.close();
    await withUs.close();
  });

  it.each([
    ['the United States', '+12025550123'],
    ['Cuba', '+5352123456'],
    ['the United Kingdom', '+447911123456'],
    ['the Palestinian Authority', '+970599123456'],
  ])('refuses to send a code to %s by default, sending nothing', async (_country, phoneNumber) => {
    const before = sms.sent.length;

    const response = await sendCode(
      israelOnly.app,
      { phoneNumber },
      { headers: { 'accept-language': 'en' } },
    );

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'sms_country_not_supported' });
    expect(response.json().Message).toMatch(/country/);
    expect(sms.sent.length).toBe(before);
  });

  it('sends to Israel, and to any country SMS_COUNTRIES adds', async () => {
    const israeli = await sendCode(israelOnly.app, { phoneNumber: uniquePhone() });
    const american = await sendCode(withUs.app, { phoneNumber: '+12025550123' });

    expect(israeli.statusCode).toBe(200);
    expect(american.statusCode).toBe(200);
  });
});

describe('the daily cap on codes sent', () => {
  const LIMIT = 3;
  const ctx = appForTests({ config: { ...NO_ROUTE_LIMITS, smsDailyLimit: LIMIT }, sms: countingSms() });

  it('stops every sender at the limit until the next UTC day', async () => {
    ctx.clock.set('2025-03-01T18:00:00.000Z');
    const sends = [];
    for (let i = 0; i < LIMIT; i++) sends.push(await sendCode(ctx.app, { phoneNumber: uniquePhone() }));
    const over = await sendCode(ctx.app, { phoneNumber: uniquePhone() });
    const overAgain = await sendCode(ctx.app, { phoneNumber: uniquePhone() });
    ctx.clock.set('2025-03-02T00:00:01.000Z');
    const nextDay = await sendCode(ctx.app, { phoneNumber: uniquePhone() });

    expect(sends.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    for (const response of [over, overAgain]) {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toMatchObject({ success: false, code: 'otp_daily_limit' });
      expect(response.headers['retry-after']).toBe(String(6 * 60 * 60));
    }
    expect(nextDay.statusCode).toBe(200);
  });

  it('counts concurrent sends one by one: never more than the limit in a day', async () => {
    ctx.clock.set('2025-03-05T10:00:00.000Z');
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => sendCode(ctx.app, { phoneNumber: uniquePhone() })),
    );
    const stored = await ctx.db.execute(
      sql`select count(*)::int as n from otp_sessions where created_at >= '2025-03-05' and created_at < '2025-03-06'`,
    );

    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(LIMIT);
    expect(Number((stored as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(LIMIT);
  });
});
