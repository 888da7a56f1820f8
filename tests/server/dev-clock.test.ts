/**
 * The settable clock (SETTABLE_CLOCK=on): what the browser journeys move instead of waiting out the
 * server's SMS spacing. Development only, this machine only, forward only.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { appForTests } from './helpers/app-for-tests';
import { NO_ROUTE_LIMITS, sendCode, uniquePhone } from './helpers/auth-flow';
import { brokerWithProfile, RecordingSms, sentExposureRequest } from './helpers/exposure';
import { PRODUCTION_ENVIRONMENT } from './helpers/production-environment';

const moveTo = (to: unknown, remoteAddress = '127.0.0.1') => ({
  method: 'POST' as const,
  url: '/api/dev/clock',
  payload: { to } as object,
  remoteAddress,
});

describe('SETTABLE_CLOCK', () => {
  it('is off unless on; production refuses to start with it, and it refuses a value it cannot read', () => {
    expect(loadConfig({}).settableClock).toBe(false);
    expect(loadConfig({ SETTABLE_CLOCK: 'on' }).settableClock).toBe(true);
    expect(loadConfig({ SETTABLE_CLOCK: 'off' }).settableClock).toBe(false);
    expect(() => loadConfig({ SETTABLE_CLOCK: 'yes' })).toThrow('SETTABLE_CLOCK must be on or off');
    const production = PRODUCTION_ENVIRONMENT;
    expect(loadConfig(production).settableClock).toBe(false);
    expect(() => loadConfig({ ...production, SETTABLE_CLOCK: 'on' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, SETTABLE_CLOCK: 'on' })).toThrow(/SETTABLE_CLOCK.*production/);
  });
});

describe('POST /api/dev/clock without the switch', () => {
  const off = appForTests();
  const production = appForTests({
    config: { nodeEnv: 'production', isProduction: true, settableClock: true },
  });

  it('does not exist, whatever the body, and the time does not move', async () => {
    const before = off.clock.now().toISOString();
    for (const app of [off.app, production.app]) {
      for (const body of [moveTo('2030-01-01T00:00:00.000Z'), moveTo('not a time')]) {
        const response = await app.inject(body);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
      }
    }
    const sent = await sendCode(off.app, { phoneNumber: uniquePhone() });
    expect(sent.json().data.expiresAt).toBe(new Date(Date.parse(before) + 5 * 60_000).toISOString());
  });
});

describe('POST /api/dev/clock with SETTABLE_CLOCK=on', () => {
  const sms = new RecordingSms();
  const on = appForTests({ sms, config: { ...NO_ROUTE_LIMITS, settableClock: true } });

  it('lets the next code go at once: moved to when a resend is allowed, the resend is sent', async () => {
    const phoneNumber = uniquePhone();
    const first = await sendCode(on.app, { phoneNumber });
    expect(first.statusCode).toBe(200);
    const tooSoon = await sendCode(on.app, { phoneNumber });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ success: false, code: 'otp_resend_too_soon' });

    const { resendAvailableAt } = first.json().data;
    const moved = await on.app.inject(moveTo(resendAvailableAt));
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ success: true, data: { now: resendAvailableAt } });

    const again = await sendCode(on.app, { phoneNumber });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.resendAvailableAt).toBe(
      new Date(Date.parse(resendAvailableAt) + 30_000).toISOString(),
    );
  });

  it('lets a client have the next exposure SMS at once: a minute on, the resend goes', async () => {
    const { headers } = await brokerWithProfile(on);
    const request = await sentExposureRequest(on, sms, headers, '+972541110099');
    const resend = () =>
      on.app.inject({ method: 'POST', url: `/api/exposure-requests/${request.id}/resend`, headers });
    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    const waitSeconds = Number(tooSoon.headers['retry-after']);
    expect(waitSeconds).toBeGreaterThan(0);

    const now = Date.parse((await on.app.inject(moveTo('2000-01-01T00:00:00.000Z'))).json().data.now);
    await on.app.inject(moveTo(new Date(now + waitSeconds * 1000).toISOString()));
    const sent = sms.sent.length;
    const response = await resend();
    expect(response.statusCode, response.body).toBe(200);
    expect(sms.sent.length).toBe(sent + 1);
  });

  it('never moves back: an instant already past leaves the time where it is', async () => {
    const now = (await on.app.inject(moveTo('2000-01-01T00:00:00.000Z'))).json().data.now;
    expect(Date.parse(now)).toBeGreaterThan(Date.parse('2025-01-01T00:00:00.000Z'));
    const later = new Date(Date.parse(now) + 3_600_000).toISOString();
    expect((await on.app.inject(moveTo(later))).json().data.now).toBe(later);
    expect((await on.app.inject(moveTo(now))).json().data.now).toBe(later);
  });

  it('answers this machine only, and refuses what is not an instant with the error envelope', async () => {
    const now = (await on.app.inject(moveTo('2000-01-01T00:00:00.000Z'))).json().data.now;
    const remote = await on.app.inject(moveTo('2099-01-01T00:00:00.000Z', '203.0.113.7'));
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toMatchObject({ success: false, code: 'not_found' });

    for (const to of ['tomorrow', 12, null]) {
      const response = await on.app.inject(moveTo(to));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'validation_failed' });
    }
    expect((await on.app.inject(moveTo('2000-01-01T00:00:00.000Z'))).json().data.now).toBe(now);
  });
});
