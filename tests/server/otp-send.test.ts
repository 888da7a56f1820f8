import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../server/db/database';
import type { SmsProvider } from '../../server/sms/sms-provider';
import { appForTests } from './helpers/app-for-tests';
import {
  createLead,
  errorOf,
  latestCode,
  NO_ROUTE_LIMITS,
  requestCode,
  sendCode,
  uniqueAddress,
  uniquePhone,
} from './helpers/auth-flow';
import { buildTestApp } from './helpers/build-test-app';
import { createUser } from './helpers/sign-in';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('POST /login/Otp/send', () => {
  const ctx = appForTests({ config: NO_ROUTE_LIMITS });

  it('answers the session, when it expires (5 minutes) and when a resend is allowed (30 s)', async () => {
    const phoneNumber = uniquePhone();
    ctx.clock.set('2025-03-01T09:00:00.000Z');

    const response = await sendCode(ctx.app, { phoneNumber });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      success: true,
      data: {
        otpSessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        expiresAt: '2025-03-01T09:05:00.000Z',
        resendAvailableAt: '2025-03-01T09:00:30.000Z',
      },
    });
  });

  it('texts a 6-digit code in Hebrew, or in English when the request asks for it', async () => {
    const hebrew = uniquePhone();
    const english = uniquePhone();

    await sendCode(ctx.app, { phoneNumber: hebrew });
    await sendCode(ctx.app, { phoneNumber: english }, { headers: { 'accept-language': 'en-US,en;q=0.9' } });

    const outbox = async (phone: string) =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}` })
      ).json().data[0];
    const he = await outbox(hebrew);
    const en = await outbox(english);
    expect(he.code).toMatch(/^\d{6}$/);
    expect(he.message).toBe(`קוד האימות שלך לנכסים: ${he.code}. הקוד בתוקף ל-5 דקות.`);
    expect(en.message).toBe(`Your Nechasim verification code: ${en.code}. The code is valid for 5 minutes.`);
  });

  it('never stores the code itself: no column of any session holds it', async () => {
    const phoneNumber = uniquePhone();
    const { otpSessionId, code } = await requestCode(ctx.app, { phoneNumber });

    const rows = await queryRows<{ row: string }>(
      ctx.db,
      sql`select row_to_json(s)::text as row from otp_sessions s where s.phone_number = ${phoneNumber}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.row).toContain(otpSessionId);
    expect(rows[0]?.row).not.toContain(code);
    expect(rows[0]?.row).toMatch(/"code_hash":"[0-9a-f]{64}"/);
  });

  it('answers a phone without an account exactly as one with an account (no account probing)', async () => {
    const known = uniquePhone();
    const unknown = uniquePhone();
    await createUser(ctx.db, { phoneNumber: known });

    const forKnown = await sendCode(ctx.app, { phoneNumber: known, process: 'auth' });
    const forUnknown = await sendCode(ctx.app, { phoneNumber: unknown, process: 'auth' });

    const shape = (response: typeof forKnown) => {
      const { data } = response.json();
      return {
        status: response.statusCode,
        keys: Object.keys(data).sort(),
        expiresAt: data.expiresAt,
        resendAvailableAt: data.resendAvailableAt,
        headers: Object.keys(response.headers)
          .filter((name) => !['x-request-id', 'content-length', 'date'].includes(name))
          .sort(),
      };
    };
    expect(shape(forUnknown)).toEqual(shape(forKnown));
    // Both get a real code: whether an account exists is told only to whoever proves the phone.
    expect(await latestCode(ctx.app, unknown)).toMatch(/^\d{6}$/);
    expect(await latestCode(ctx.app, known)).toMatch(/^\d{6}$/);
  });

  it('refuses a number that fits E.164 but is not a real number, without texting it', async () => {
    const response = await sendCode(ctx.app, { phoneNumber: '+972501234' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'body/phoneNumber', message: 'authCommon.invalidPhoneNumber' }],
    });
  });

  it('refuses a landline (03-1234567) as not mobile, without texting it', async () => {
    const response = await sendCode(ctx.app, { phoneNumber: '+97231234567' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'body/phoneNumber', message: 'authCommon.mobileRequired' }],
    });
    const outbox = await ctx.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?phone=%2B97231234567' });
    expect(outbox.json().data).toEqual([]);
  });

  describe('for registration', () => {
    it('needs the lead the code is for', async () => {
      const response = await sendCode(ctx.app, { phoneNumber: uniquePhone(), process: 'registration' });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        details: [{ path: 'body/leadId' }],
      });
    });

    it('answers 404 lead_not_found for an unknown lead or a lead with another phone', async () => {
      const lead = await createLead(ctx.app);
      const unknownLead = await sendCode(ctx.app, {
        phoneNumber: lead.phoneNumber,
        process: 'registration',
        leadId: '5d3c3c1e-8f0a-4c55-9d57-3a4c1d2b7e90',
      });
      const otherPhone = await sendCode(ctx.app, {
        phoneNumber: uniquePhone(),
        process: 'registration',
        leadId: lead.id,
      });

      expect(errorOf(unknownLead)).toEqual({ status: 404, code: 'lead_not_found', success: false });
      expect(errorOf(otherPhone)).toEqual({ status: 404, code: 'lead_not_found', success: false });
    });

    it('still sends when the phone already has an account: that is said only after the code proves it', async () => {
      const phoneNumber = uniquePhone();
      await createUser(ctx.db, { phoneNumber });
      const lead = await createLead(ctx.app, phoneNumber);

      const response = await sendCode(ctx.app, { phoneNumber, process: 'registration', leadId: lead.id });

      expect(response.statusCode).toBe(200);
      expect(await latestCode(ctx.app, phoneNumber)).toMatch(/^\d{6}$/);
    });
  });

  describe('limits kept in the database', () => {
    it('refuses a resend to the same phone within 30 s, from any address, with Retry-After', async () => {
      const phoneNumber = uniquePhone();
      await sendCode(ctx.app, { phoneNumber });
      ctx.clock.advance(12 * SECOND);

      const tooSoon = await sendCode(ctx.app, { phoneNumber });
      ctx.clock.advance(17_999);
      const stillTooSoon = await sendCode(ctx.app, { phoneNumber });
      ctx.clock.advance(1);
      const onTime = await sendCode(ctx.app, { phoneNumber });

      expect(errorOf(tooSoon)).toEqual({ status: 429, code: 'otp_resend_too_soon', success: false });
      expect(tooSoon.headers['retry-after']).toBe('18');
      expect(tooSoon.headers['cache-control']).toBe('no-store');
      expect(stillTooSoon.statusCode).toBe(429);
      expect(stillTooSoon.headers['retry-after']).toBe('1');
      expect(onTime.statusCode).toBe(200);
    });

    it('sends at most 5 codes to a phone in 10 minutes', async () => {
      const phoneNumber = uniquePhone();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await sendCode(ctx.app, { phoneNumber })).statusCode);
        ctx.clock.advance(30 * SECOND);
      }
      // Now 2:30 after the first send.
      const sixth = await sendCode(ctx.app, { phoneNumber });
      ctx.clock.advance(7 * MINUTE + 29 * SECOND);
      const justBefore = await sendCode(ctx.app, { phoneNumber });
      ctx.clock.advance(1 * SECOND);
      const after = await sendCode(ctx.app, { phoneNumber });

      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      expect(errorOf(sixth)).toEqual({ status: 429, code: 'otp_send_limit', success: false });
      expect(sixth.headers['retry-after']).toBe(String(7 * 60 + 30));
      expect(justBefore.statusCode).toBe(429);
      expect(justBefore.headers['retry-after']).toBe('1');
      expect(after.statusCode).toBe(200);
    });

    it('sends at most 30 codes an hour for one client address, whatever the phones', async () => {
      const address = uniqueAddress();
      const statuses = new Set<number>();
      for (let i = 0; i < 30; i++) {
        statuses.add(
          (await sendCode(ctx.app, { phoneNumber: uniquePhone() }, { remoteAddress: address })).statusCode,
        );
        ctx.clock.advance(MINUTE);
      }
      const over = await sendCode(ctx.app, { phoneNumber: uniquePhone() }, { remoteAddress: address });
      const elsewhere = await sendCode(ctx.app, { phoneNumber: uniquePhone() });
      ctx.clock.advance(30 * MINUTE);
      const anHourAfterTheFirst = await sendCode(
        ctx.app,
        { phoneNumber: uniquePhone() },
        { remoteAddress: address },
      );

      expect([...statuses]).toEqual([200]);
      expect(errorOf(over)).toEqual({ status: 429, code: 'otp_send_limit', success: false });
      expect(over.headers['retry-after']).toBe('1800');
      expect(elsewhere.statusCode).toBe(200);
      expect(anHourAfterTheFirst.statusCode).toBe(200);
    });

    it('ignores a forged X-Forwarded-For: the address is the connection’s without a trusted proxy', async () => {
      const address = uniqueAddress();
      ctx.clock.advance(2 * 60 * MINUTE);
      for (let i = 0; i < 30; i++) {
        const response = await sendCode(
          ctx.app,
          { phoneNumber: uniquePhone() },
          { remoteAddress: address, headers: { 'x-forwarded-for': `203.0.113.${i}` } },
        );
        expect(response.statusCode).toBe(200);
      }

      const forged = await sendCode(
        ctx.app,
        { phoneNumber: uniquePhone() },
        { remoteAddress: address, headers: { 'x-forwarded-for': '198.51.100.77' } },
      );

      expect(errorOf(forged)).toEqual({ status: 429, code: 'otp_send_limit', success: false });
      const stored = await queryRows<{ ip: string }>(
        ctx.db,
        sql`select distinct ip from otp_sessions where ip like '203.0.113.%' or ip = ${address}`,
      );
      expect(stored).toEqual([{ ip: address }]);
    });

    it('keeps its limits across a restart: another app on the same database sees them', async () => {
      const phoneNumber = uniquePhone();
      await sendCode(ctx.app, { phoneNumber });
      const restarted = await buildTestApp({
        database: ctx.database,
        clock: ctx.clock,
        config: NO_ROUTE_LIMITS,
      });
      try {
        const response = await sendCode(restarted.app, { phoneNumber });
        expect(errorOf(response)).toEqual({ status: 429, code: 'otp_resend_too_soon', success: false });
      } finally {
        await restarted.close();
      }
    });

    it('lets only one of two simultaneous sends to a phone through', async () => {
      const phoneNumber = uniquePhone();

      const responses = await Promise.all([
        sendCode(ctx.app, { phoneNumber }),
        sendCode(ctx.app, { phoneNumber }),
      ]);

      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 429]);
    });

    it('gives an address’s last place in the hour to one of several sends that wait together', async () => {
      const address = uniqueAddress();
      for (let i = 0; i < 29; i++) {
        await sendCode(ctx.app, { phoneNumber: uniquePhone() }, { remoteAddress: address });
      }
      const today = ctx.clock.now().toISOString().slice(0, 10);

      // Another server's send holds the day's count: six sends to other phones from the address
      // arrive meanwhile and must still be let through one at a time.
      const responses = await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`update sms_daily_sends set sent = sent where day = ${today}::date`);
        const sends = Array.from({ length: 6 }, () =>
          sendCode(ctx.app, { phoneNumber: uniquePhone() }, { remoteAddress: address }),
        );
        // Two of them at least are inside the database at once (the test pool's other connections).
        if (ctx.database.kind === 'postgres') await waitForBlockedStatements(tx, 2);
        return sends;
      });

      expect((await Promise.all(responses)).map((response) => response.statusCode).sort()).toEqual([
        200, 429, 429, 429, 429, 429,
      ]);
      const [stored] = await queryRows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from otp_sessions where ip = ${address}`,
      );
      expect(stored?.n).toBe(30);
    });
  });
});

describe('POST /login/Otp/send behind a trusted proxy', () => {
  // One proxy of ours in front (inject's connection comes from 127.0.0.1).
  const ctx = appForTests({ config: { ...NO_ROUTE_LIMITS, trustProxy: 1 } });

  it('counts the address X-Forwarded-For names', async () => {
    for (let i = 0; i < 30; i++) {
      await sendCode(
        ctx.app,
        { phoneNumber: uniquePhone() },
        { headers: { 'x-forwarded-for': '198.51.100.1' } },
      );
    }

    const sameClient = await sendCode(
      ctx.app,
      { phoneNumber: uniquePhone() },
      { headers: { 'x-forwarded-for': '198.51.100.1' } },
    );
    const otherClient = await sendCode(
      ctx.app,
      { phoneNumber: uniquePhone() },
      { headers: { 'x-forwarded-for': '198.51.100.2' } },
    );

    expect(sameClient.statusCode).toBe(429);
    expect(otherClient.statusCode).toBe(200);
  });
});

describe('POST /login/Otp/send per-route limit', () => {
  const ctx = appForTests({ config: { authRateLimitPerMinute: 2 } });

  it('turns an address away after its per-minute allowance, forged X-Forwarded-For or not', async () => {
    const from = (forwardedFor: string) => ({
      remoteAddress: '192.0.2.10',
      headers: { 'x-forwarded-for': forwardedFor, 'accept-language': 'en' },
    });
    const statuses = [];
    for (const forwardedFor of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      statuses.push(await sendCode(ctx.app, { phoneNumber: uniquePhone() }, from(forwardedFor)));
    }

    expect(statuses.map((response) => response.statusCode)).toEqual([200, 200, 429]);
    expect(statuses[2]?.json()).toEqual({
      success: false,
      code: 'rate_limited',
      Message: 'Too many requests. Please try again in a few moments.',
    });
    expect(Number(statuses[2]?.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /login/Otp/send when the SMS gateway fails', () => {
  let failing = true;
  const sms: SmsProvider = {
    name: 'flaky',
    async send() {
      if (failing) throw new Error('gateway down');
    },
  };

  const ctx = appForTests({ sms, config: NO_ROUTE_LIMITS });

  it('answers 503 sms_delivery_failed, keeps no live code, and lets the user try again at once', async () => {
    const phoneNumber = uniquePhone();

    const failed = await sendCode(ctx.app, { phoneNumber }, { headers: { 'accept-language': 'en' } });
    const rows = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from otp_sessions where phone_number = ${phoneNumber}`,
    );
    failing = false;
    const retried = await sendCode(ctx.app, { phoneNumber });

    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      success: false,
      code: 'sms_delivery_failed',
      Message: 'An error occurred. Please try again in a few moments',
    });
    expect(rows).toEqual([{ n: 0 }]);
    expect(retried.statusCode).toBe(200);
  });
});

/** Waits until `count` other PostgreSQL sessions wait for a lock (PGlite queues them in the client). */
async function waitForBlockedStatements(tx: Db, count: number): Promise<void> {
  for (let tries = 0; tries < 250; tries++) {
    // The activity view is read once per transaction unless its snapshot is dropped.
    await tx.execute(sql`select pg_stat_clear_snapshot()`);
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((row?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${count} statements ever waited for a lock`);
}
