import { SignJWT, UnsecuredJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../../server/auth/access-token';
import { appForTests } from './helpers/app-for-tests';
import { TEST_JWT_SECRET } from './helpers/build-test-app';
import { bearer, createUser } from './helpers/sign-in';

/** A protected operation: reaching it with a valid token gets past authentication. */
const protectedRequest = (headers: Record<string, string>) =>
  ({ method: 'GET', url: '/api/property/summary', headers }) as const;

describe('access tokens on protected operations', () => {
  const testApp = appForTests();
  let userId: string;
  const key = new TextEncoder().encode(TEST_JWT_SECRET);
  const nowSeconds = () => Math.floor(testApp.clock.now().getTime() / 1000);
  /** A token like the server's, with any claim replaced. */
  const forge = (claims: Record<string, unknown> = {}, signingKey = key) =>
    new SignJWT({
      use: 'access',
      sub: userId,
      iss: ACCESS_TOKEN_ISSUER,
      aud: ACCESS_TOKEN_AUDIENCE,
      iat: nowSeconds(),
      nbf: nowSeconds(),
      exp: nowSeconds() + 600,
      ...claims,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(signingKey);
  const statusWith = async (token: string) =>
    (await testApp.app.inject(protectedRequest({ authorization: `Bearer ${token}` }))).statusCode;

  beforeAll(async () => {
    userId = (await createUser(testApp.db)).id;
  });

  it('lets a valid token through', async () => {
    const response = await testApp.app.inject(protectedRequest(await bearer(testApp, userId)));
    expect(response.statusCode).not.toBe(401);
  });

  it('answers 401 with the envelope and WWW-Authenticate without a token', async () => {
    const response = await testApp.app.inject(protectedRequest({}));
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toMatchObject({ success: false, code: 'unauthorized' });
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const unsigned = new UnsecuredJWT({ use: 'access' })
      .setSubject(userId)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(nowSeconds())
      .setExpirationTime(nowSeconds() + 600)
      .encode();
    expect(await statusWith(unsigned)).toBe(401);
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const [header, , signature] = (await forge()).split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: crypto.randomUUID(), use: 'access', iss: ACCESS_TOKEN_ISSUER }),
    ).toString('base64url');
    expect(await statusWith(`${header}.${payload}.${signature}`)).toBe(401);
  });

  it('refuses a token signed with another key', async () => {
    expect(await statusWith(await forge({}, new TextEncoder().encode('x'.repeat(48))))).toBe(401);
  });

  it('refuses an expired token and one not yet valid', async () => {
    const token = await forge();
    testApp.clock.advance(601_000);
    expect(await statusWith(token)).toBe(401);
    testApp.clock.advance(-601_000);
    expect(await statusWith(await forge({ nbf: nowSeconds() + 300 }))).toBe(401);
  });

  it('refuses a token it accepted before once that token expires', async () => {
    const headers = await bearer(testApp, userId);
    const status = async () => (await testApp.app.inject(protectedRequest(headers))).statusCode;
    const lifetimeMs = testApp.config.accessTokenTtlSeconds * 1000;

    expect(await status()).toBe(200);
    testApp.clock.advance(lifetimeMs - 1_000);
    expect(await status()).toBe(200);
    testApp.clock.advance(1_000);
    expect(await status()).toBe(401);
    testApp.clock.advance(-lifetimeMs);
  });

  it('refuses a wrong issuer, a wrong audience and a token of another use', async () => {
    expect(await statusWith(await forge({ iss: 'someone-else' }))).toBe(401);
    expect(await statusWith(await forge({ aud: 'another-app' }))).toBe(401);
    expect(await statusWith(await forge({ use: 'refresh' }))).toBe(401);
  });

  it('refuses a token signed with another HMAC algorithm under the same key', async () => {
    const hs512 = await new SignJWT({ use: 'access' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(userId)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(nowSeconds())
      .setNotBefore(nowSeconds())
      .setExpirationTime(nowSeconds() + 600)
      .sign(key);
    expect(await statusWith(hs512)).toBe(401);
  });
});
