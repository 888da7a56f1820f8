import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/database';
import { appForTests } from './helpers/app-for-tests';
import {
  createLead,
  errorOf,
  login,
  NO_ROUTE_LIMITS,
  post,
  requestCode,
  signInWithCode,
  type Tokens,
  uniquePhone,
  wrongCode,
} from './helpers/auth-flow';
import { createUser } from './helpers/sign-in';

const MINUTE = 60_000;
const UNKNOWN_SESSION = '0f8e2a4c-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

describe('POST /login/auth/login', () => {
  const ctx = appForTests({ config: NO_ROUTE_LIMITS });

  it('signs a registered phone in with its code: tokens that open protected routes', async () => {
    const phoneNumber = uniquePhone();
    const user = await createUser(ctx.db, { phoneNumber });
    const { otpSessionId, code } = await requestCode(ctx.app, { phoneNumber });

    const response = await login(ctx.app, { phoneNumber, otpSessionId, otpCode: code });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const tokens = response.json().data as Tokens;
    expect(tokens).toEqual({
      jwtToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refreshToken: expect.stringMatching(/^[\w-]{43}$/),
      userId: user.id,
    });
    const guarded = await ctx.app.inject({
      method: 'GET',
      url: '/api/property/summary',
      headers: { authorization: `Bearer ${tokens.jwtToken}` },
    });
    expect(guarded.statusCode).not.toBe(401);
  });

  it('stores the refresh token only as a hash', async () => {
    const { tokens } = await signInWithCode(ctx);

    const rows = await queryRows<{ row: string }>(
      ctx.db,
      sql`select row_to_json(t)::text as row from refresh_tokens t where t.user_id = ${tokens.userId}`,
    );

    expect(rows).toHaveLength(1);
    expect(rows[0]?.row).not.toContain(tokens.refreshToken);
  });

  it('answers 404 account_not_found for a proven phone that has no account', async () => {
    const phoneNumber = uniquePhone();
    const { otpSessionId, code } = await requestCode(ctx.app, { phoneNumber });

    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/auth/login',
      payload: { phoneNumber, otpSessionId, otpCode: code },
      headers: { 'accept-language': 'en' },
    });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: 'account_not_found',
      Message: 'No account was found for this phone number. You can register.',
    });
  });

  it('cannot tell a known phone from an unknown one before the code is right (no probing)', async () => {
    ctx.clock.set('2025-05-01T10:00:00.000Z');
    const known = uniquePhone();
    const unknown = uniquePhone();
    await createUser(ctx.db, { phoneNumber: known });
    const forKnown = await requestCode(ctx.app, { phoneNumber: known });
    const forUnknown = await requestCode(ctx.app, { phoneNumber: unknown });
    const answer = async (phoneNumber: string, otpSessionId: string, otpCode: string) => {
      const response = await login(ctx.app, { phoneNumber, otpSessionId, otpCode });
      return { status: response.statusCode, body: response.json() };
    };

    const wrongKnown = await answer(known, forKnown.otpSessionId, wrongCode(forKnown.code));
    const wrongUnknown = await answer(unknown, forUnknown.otpSessionId, wrongCode(forUnknown.code));
    const noSessionKnown = await answer(known, UNKNOWN_SESSION, forKnown.code);
    const noSessionUnknown = await answer(unknown, UNKNOWN_SESSION, forUnknown.code);
    ctx.clock.advance(5 * MINUTE);
    const expiredKnown = await answer(known, forKnown.otpSessionId, forKnown.code);
    const expiredUnknown = await answer(unknown, forUnknown.otpSessionId, forUnknown.code);

    expect(wrongUnknown).toEqual(wrongKnown);
    expect(noSessionUnknown).toEqual(noSessionKnown);
    expect(noSessionKnown).toEqual(wrongKnown);
    expect(wrongKnown.body.code).toBe('otp_mismatch');
    expect(expiredUnknown).toEqual(expiredKnown);
    expect(expiredKnown).toMatchObject({ status: 400, body: { code: 'otp_expired' } });
  });

  it('takes a code only for the phone it was sent to', async () => {
    const phoneNumber = uniquePhone();
    const other = uniquePhone();
    await createUser(ctx.db, { phoneNumber: other });
    const { otpSessionId, code } = await requestCode(ctx.app, { phoneNumber });

    const response = await login(ctx.app, { phoneNumber: other, otpSessionId, otpCode: code });

    expect(errorOf(response)).toEqual({ status: 400, code: 'otp_mismatch', success: false });
  });

  it('does not sign in with a registration code', async () => {
    const phoneNumber = uniquePhone();
    await createUser(ctx.db, { phoneNumber });
    const lead = await createLead(ctx.app, phoneNumber);
    const { otpSessionId, code } = await requestCode(ctx.app, {
      phoneNumber,
      process: 'registration',
      leadId: lead.id,
    });

    const response = await login(ctx.app, { phoneNumber, otpSessionId, otpCode: code });

    expect(errorOf(response).code).toBe('otp_mismatch');
  });

  it('takes a code once, and stops at five wrong tries', async () => {
    const phoneNumber = uniquePhone();
    await createUser(ctx.db, { phoneNumber });
    const first = await requestCode(ctx.app, { phoneNumber });
    const once = await login(ctx.app, { phoneNumber, otpSessionId: first.otpSessionId, otpCode: first.code });
    const twice = await login(ctx.app, {
      phoneNumber,
      otpSessionId: first.otpSessionId,
      otpCode: first.code,
    });
    ctx.clock.advance(MINUTE);
    const second = await requestCode(ctx.app, { phoneNumber });
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        errorOf(
          await login(ctx.app, {
            phoneNumber,
            otpSessionId: second.otpSessionId,
            otpCode: wrongCode(second.code),
          }),
        ).code,
      );
    }
    const right = await login(ctx.app, {
      phoneNumber,
      otpSessionId: second.otpSessionId,
      otpCode: second.code,
    });

    expect(once.statusCode).toBe(200);
    expect(errorOf(twice).code).toBe('otp_mismatch');
    expect(codes.at(-1)).toBe('otp_attempts_exceeded');
    expect(errorOf(right).code).toBe('otp_attempts_exceeded');
  });

  it('lets exactly one of two simultaneous sign-ins with one code through', async () => {
    const phoneNumber = uniquePhone();
    await createUser(ctx.db, { phoneNumber });
    const { otpSessionId, code } = await requestCode(ctx.app, { phoneNumber });
    const body = { phoneNumber, otpSessionId, otpCode: code };

    const responses = await Promise.all([login(ctx.app, body), login(ctx.app, body)]);

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('POST /login/auth/login per-route limit', () => {
  const ctx = appForTests({ config: { authRateLimitPerMinute: 3 } });

  it('turns an address away after its per-minute allowance of sign-in attempts', async () => {
    const body = { phoneNumber: uniquePhone(), otpSessionId: UNKNOWN_SESSION, otpCode: '123456' };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(ctx.app, body)).statusCode);
    const elsewhere = await post(ctx.app, '/api/login/auth/login', body, { remoteAddress: '192.0.2.99' });

    expect(statuses).toEqual([400, 400, 400, 429]);
    expect(elsewhere.statusCode).toBe(400);
  });
});

describe('logs of signing in', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const ctx = appForTests({ logStream: stream, config: { ...NO_ROUTE_LIMITS, logLevel: 'trace' } });

  it('never contain a code or a token, through sign-in, refresh, a failure and sign-out', async () => {
    const phoneNumber = uniquePhone();
    await createUser(ctx.db, { phoneNumber });
    const { otpSessionId, code } = await requestCode(ctx.app, { phoneNumber });
    await login(ctx.app, { phoneNumber, otpSessionId, otpCode: wrongCode(code) });
    const signedIn = (await login(ctx.app, { phoneNumber, otpSessionId, otpCode: code })).json()
      .data as Tokens;
    const refreshed = (
      await post(ctx.app, '/api/auth/refresh', { refreshToken: signedIn.refreshToken })
    ).json().data as { accessToken: string; refreshToken: string };
    await ctx.app.inject({
      method: 'GET',
      url: '/api/property/summary',
      headers: { authorization: `Bearer ${refreshed.accessToken}` },
    });
    await post(ctx.app, '/api/login/auth/logout', { refreshToken: refreshed.refreshToken });

    const logs = lines.join('');
    expect(logs).toContain('/api/login/auth/login');
    for (const secret of [
      code,
      wrongCode(code),
      signedIn.jwtToken,
      signedIn.refreshToken,
      refreshed.accessToken,
    ]) {
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toContain(refreshed.refreshToken);
  });
});
