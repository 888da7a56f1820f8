import { SignJWT, UnsecuredJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../../../server/auth/access-token';
import { appForTests } from '../helpers/app-for-tests';
import { errorOf, NO_ROUTE_LIMITS, post, signInWithCode, type Tokens } from '../helpers/auth-flow';
import { TEST_JWT_SECRET } from '../helpers/build-test-app';

/**
 * Forged, stale and stolen tokens (issue 8, part 2). Every check goes through a protected route of
 * the real app; more cases live in tests/server/access-token.test.ts, refresh-tokens.test.ts and
 * logout.test.ts.
 */

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;
const KEY = new TextEncoder().encode(TEST_JWT_SECRET);

describe('tokens under attack', () => {
  const ctx = appForTests({ config: NO_ROUTE_LIMITS });
  let session: Tokens;

  beforeAll(async () => {
    session = (await signInWithCode(ctx)).tokens;
  });

  const nowSeconds = () => Math.floor(ctx.clock.now().getTime() / 1000);
  /** The sign-in (session) the real access token names. */
  const sessionId = () =>
    (JSON.parse(Buffer.from(session.jwtToken.split('.')[1] ?? '', 'base64url').toString()) as { sid: string })
      .sid;
  const claims = (overrides: Record<string, unknown> = {}) => ({
    use: 'access',
    sub: session.userId,
    sid: sessionId(),
    iss: ACCESS_TOKEN_ISSUER,
    aud: ACCESS_TOKEN_AUDIENCE,
    iat: nowSeconds(),
    nbf: nowSeconds(),
    exp: nowSeconds() + 600,
    ...overrides,
  });
  const forge = (overrides: Record<string, unknown> = {}, key = KEY, alg = 'HS256') =>
    new SignJWT(claims(overrides)).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
  const withToken = (token: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/property/summary',
      headers: { authorization: `Bearer ${token}` },
    });
  const refresh = (refreshToken: string) => post(ctx.app, '/api/auth/refresh', { refreshToken });

  it('lets the real access token through (the control for every refusal below)', async () => {
    expect((await withToken(session.jwtToken)).statusCode).toBe(200);
    expect((await withToken(await forge())).statusCode).toBe(200);
  });

  it('refuses a rightly signed token without a sign-in, of an unknown one, or of another user’s', async () => {
    const other = (await signInWithCode(ctx)).tokens;
    const otherSession = JSON.parse(
      Buffer.from(other.jwtToken.split('.')[1] ?? '', 'base64url').toString(),
    ).sid;
    for (const overrides of [
      { sid: undefined },
      { sid: crypto.randomUUID() },
      { sid: 'not-a-uuid' },
      { sid: otherSession },
    ]) {
      expect((await withToken(await forge(overrides))).statusCode).toBe(401);
    }
  });

  it.each<[string, () => Promise<string>]>([
    ['alg: none', async () => new UnsecuredJWT(claims()).encode()],
    [
      'alg: none with the real token’s payload',
      async () => {
        const [, payload] = session.jwtToken.split('.');
        return `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      },
    ],
    [
      'a tampered payload (another user) under the original signature',
      async () => {
        const [header, , signature] = (await forge()).split('.');
        const payload = Buffer.from(JSON.stringify(claims({ sub: crypto.randomUUID() }))).toString(
          'base64url',
        );
        return `${header}.${payload}.${signature}`;
      },
    ],
    ['a wrong key', () => forge({}, new TextEncoder().encode('another-secret-0123456789abcdef0123456789'))],
    ['HS512 under the right key', () => forge({}, KEY, 'HS512')],
    [
      'an expired token',
      () => forge({ iat: nowSeconds() - 1200, nbf: nowSeconds() - 1200, exp: nowSeconds() - 1 }),
    ],
    ['a token not yet valid', () => forge({ nbf: nowSeconds() + 60, exp: nowSeconds() + 600 })],
    ['a wrong issuer', () => forge({ iss: 'someone-else' })],
    ['a wrong audience', () => forge({ aud: 'another-app' })],
    ['a token of another use', () => forge({ use: 'refresh' })],
    ['a token without expiry', () => forge({ exp: undefined })],
    ['the refresh token itself', async () => session.refreshToken],
    ['an empty bearer', async () => ''],
    ['garbage', async () => 'not.a.jwt'],
  ])('answers 401 with WWW-Authenticate for %s', async (_name, make) => {
    const response = await withToken(await make());

    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(response.json()).toMatchObject({ success: false, code: 'unauthorized' });
  });

  it('refuses the access token where a refresh token belongs (too long for one: 400)', async () => {
    const response = await refresh(session.jwtToken);
    const cut = await refresh(session.jwtToken.slice(0, 200));

    expect(errorOf(response)).toEqual({ status: 400, code: 'validation_failed', success: false });
    expect(errorOf(cut)).toEqual({ status: 401, code: 'invalid_refresh_token', success: false });
  });

  it('expires the real access token after its lifetime, to the second', async () => {
    const { tokens } = await signInWithCode(ctx);
    ctx.clock.advance(ctx.config.accessTokenTtlSeconds * SECOND - SECOND);
    const lastSecond = await withToken(tokens.jwtToken);
    ctx.clock.advance(SECOND);
    const expired = await withToken(tokens.jwtToken);

    expect(lastSecond.statusCode).toBe(200);
    expect(expired.statusCode).toBe(401);
  });

  it('rotates: a refresh answers a new pair, and the new refresh token works', async () => {
    const { tokens } = await signInWithCode(ctx);

    const first = await refresh(tokens.refreshToken);
    const next = first.json().data;
    const second = await refresh(next.refreshToken);

    expect(first.statusCode).toBe(200);
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    expect((await withToken(next.accessToken)).statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
  });

  it('forgives a replay within 10 s and revokes the whole family on one after that', async () => {
    const { tokens } = await signInWithCode(ctx);
    const successor = (await refresh(tokens.refreshToken)).json().data;
    ctx.clock.advance(10 * SECOND - 1);
    const inGrace = await refresh(tokens.refreshToken);
    ctx.clock.advance(1);
    const reused = await refresh(tokens.refreshToken);

    expect(inGrace.statusCode).toBe(200);
    expect(errorOf(reused)).toEqual({ status: 401, code: 'refresh_token_reused', success: false });
    // The thief's and the owner's successors alike are gone.
    expect((await refresh(successor.refreshToken)).statusCode).toBe(401);
    expect((await refresh(inGrace.json().data.refreshToken)).statusCode).toBe(401);
  });

  it('ends a sign-in 30 days after it began, however recently it was rotated', async () => {
    ctx.clock.set('2025-09-01T00:00:00.000Z');
    const { tokens } = await signInWithCode(ctx);
    ctx.clock.set('2025-09-30T23:59:59.000Z');
    const lastDay = await refresh(tokens.refreshToken);
    const rotated = lastDay.json().data.refreshToken;
    ctx.clock.advance(999);
    const lastMoment = await refresh(rotated);
    ctx.clock.set(new Date(Date.parse('2025-09-01T00:00:00.000Z') + 30 * DAY));
    const ended = await refresh(lastMoment.json().data.refreshToken);

    expect(lastDay.statusCode).toBe(200);
    expect(lastMoment.statusCode).toBe(200);
    expect(errorOf(ended)).toEqual({ status: 401, code: 'invalid_refresh_token', success: false });
  });

  it('revokes the sign-in on logout: neither its refresh token nor a rotated one works', async () => {
    const { tokens } = await signInWithCode(ctx);
    const rotated = (await refresh(tokens.refreshToken)).json().data.refreshToken;

    const loggedOut = await post(ctx.app, '/api/login/auth/logout', { refreshToken: tokens.refreshToken });

    expect(loggedOut.statusCode).toBe(200);
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
  });
});
