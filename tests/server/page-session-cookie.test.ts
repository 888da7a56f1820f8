import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ASSETS_FILE } from '../../page-contract/page-assets';
import { SSR_ENTRY_FILE } from '../../page-contract/page-renderer';
import { pageSessionCookie } from '../../page-contract/page-session-cookie';
import { issueAccessToken } from '../../server/auth/access-token';
import { REFRESH_TOKEN_POLICY } from '../../server/auth/refresh-token-policy';
import {
  COMPANY_DETAILS,
  createVerifiedLead,
  leadSecretHeader,
  NO_ROUTE_LIMITS,
  PERSONAL_DETAILS,
  post,
  requestCode,
  saveLead,
  uniquePhone,
} from './helpers/auth-flow';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/build-test-app';
import { createUser } from './helpers/sign-in';

/**
 * A stand-in for the SSR build behind the real port: it says whether the server told it the reader is
 * signed in, and lists the first page of rows it was handed (the real app: signed-in-list.e2e.ts).
 */
const ENTRY = `
export async function renderPage({ url, language, signedIn, data }) {
  if (!signedIn) return { kind: 'redirect', location: '/login?redirect=' + encodeURIComponent(url) };
  const page = await data.propertyListPage({ filter: 'all', search: '', view: {}, pageSize: 5 });
  return {
    kind: 'page', status: 200, language, direction: 'rtl', title: 'נכסים',
    html: '<main>rows: ' + page.items.length + ' of ' + page.totalCount + '</main>',
    routeIds: ['__root__'], state: { url, language },
  };
}
`;
const HTML = { accept: 'text/html' };
const DAY = 24 * 60 * 60 * 1000;

describe('the page-session cookie', () => {
  let dir: string;
  let ctx: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nechasim-page-session-'));
    const clientDir = join(dir, 'client');
    await mkdir(join(clientDir, '.vite'), { recursive: true });
    await writeFile(
      join(clientDir, 'index.html'),
      '<html><head><title>x</title></head><div id="root"></div></html>',
    );
    await writeFile(join(clientDir, PAGE_ASSETS_FILE), '{}');
    await mkdir(join(dir, 'ssr'));
    await writeFile(join(dir, 'ssr', SSR_ENTRY_FILE), ENTRY);
    // One proxy hop is trusted, so that a request can say it came over https.
    ctx = await buildTestApp({ config: { ...NO_ROUTE_LIMITS, clientDir, trustProxy: 1 } });
  });

  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  const cookieOf = (response: { headers: Record<string, unknown> }) => {
    const header = response.headers['set-cookie'];
    const all = Array.isArray(header) ? header : [header];
    const ours = all.find(
      (line) => typeof line === 'string' && line.startsWith(`${pageSessionCookie.name}=`),
    );
    expect(ours, 'a page-session Set-Cookie').toBeTypeOf('string');
    const [pair = '', ...attributes] = (ours as string).split('; ');
    return { value: pair.slice(pair.indexOf('=') + 1), attributes };
  };

  const signIn = async (headers: Record<string, string> = {}) => {
    const phoneNumber = uniquePhone();
    await createUser(ctx.db, { phoneNumber });
    const { otpSessionId, code } = await requestCode(ctx.app, { phoneNumber });
    const response = await post(
      ctx.app,
      '/api/login/auth/login',
      { phoneNumber, otpSessionId, otpCode: code },
      { headers },
    );
    expect(response.statusCode, response.body).toBe(200);
    return { response, tokens: response.json().data, cookie: cookieOf(response) };
  };

  const page = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...HTML, ...(cookie ? { cookie } : {}) } });
  const withCookie = (value: string) => `nechasim-lang=he; ${pageSessionCookie.name}=${value}`;

  it('is set on sign-in: httpOnly, SameSite=Lax, for every path, until the sign-in ends', async () => {
    const { cookie, tokens } = await signIn();

    expect(cookie.attributes).toEqual([
      'Path=/',
      `Max-Age=${REFRESH_TOKEN_POLICY.familyLifetimeMs / 1000}`,
      'HttpOnly',
      'SameSite=Lax',
    ]);
    // Its own token, not one the client holds.
    expect(cookie.value).not.toBe(tokens.jwtToken);
    expect(cookie.value).not.toBe(tokens.refreshToken);
    // The answer's data is what it was: the cookie's subject is not sent.
    expect(Object.keys(tokens).sort()).toEqual(['jwtToken', 'refreshToken', 'userId']);
  });

  it('is Secure when the request came over https', async () => {
    const { cookie } = await signIn({ 'x-forwarded-proto': 'https' });

    expect(cookie.attributes).toContain('Secure');
  });

  it('is set on registration', async () => {
    const phoneNumber = uniquePhone();
    const lead = await createVerifiedLead(ctx.app, phoneNumber);
    await saveLead(ctx.app, { ...PERSONAL_DETAILS, ...COMPANY_DETAILS, id: lead.id, phoneNumber });

    const response = await post(
      ctx.app,
      '/api/login/auth/register/lead',
      { leadId: lead.id },
      { headers: leadSecretHeader(lead.id) },
    );

    expect(response.statusCode, response.body).toBe(200);
    expect(cookieOf(response).attributes).toContain('HttpOnly');
    expect((await page('/properties', withCookie(cookieOf(response).value))).statusCode).toBe(200);
  });

  it.each(['/api/auth/refresh', '/api/auth/refresh-token', '/api/login/auth/refresh-token'])(
    'is renewed by a refresh at %s, ending with the sign-in all the same',
    async (url) => {
      const { tokens } = await signIn();
      ctx.clock.advance(DAY);

      const response = await post(ctx.app, url, { refreshToken: tokens.refreshToken });

      expect(response.statusCode, response.body).toBe(200);
      const cookie = cookieOf(response);
      expect(cookie.attributes).toContain(`Max-Age=${(REFRESH_TOKEN_POLICY.familyLifetimeMs - DAY) / 1000}`);
      expect((await page('/properties', withCookie(cookie.value))).statusCode).toBe(200);
    },
  );

  it('is cleared on sign-out, and the one the browser held renders the signed-out path', async () => {
    const { tokens, cookie } = await signIn();
    expect((await page('/properties', withCookie(cookie.value))).statusCode).toBe(200);

    const response = await post(ctx.app, '/api/login/auth/logout', { refreshToken: tokens.refreshToken });

    expect(cookieOf(response)).toEqual({
      value: '',
      attributes: ['Path=/', 'Max-Age=0', 'HttpOnly', 'SameSite=Lax'],
    });
    // A copy kept past the sign-out (another tab's, a stolen one) no longer opens a page.
    const after = await page('/properties', withCookie(cookie.value));
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toBe('/login?redirect=%2Fproperties');
  });

  it('is cleared when a refresh is refused', async () => {
    const response = await post(ctx.app, '/api/auth/refresh', { refreshToken: 'x'.repeat(43) });

    expect(response.statusCode).toBe(401);
    expect(cookieOf(response).attributes).toContain('Max-Age=0');
  });

  it('renders a signed-in page with the reader’s own rows', async () => {
    const { cookie } = await signIn();

    const response = await page('/properties', withCookie(cookie.value));

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<main>rows: 0 of 0</main>');
  });

  it('is never accepted by the API, which keeps the Authorization header', async () => {
    const { cookie, tokens } = await signIn();

    for (const url of ['/api/property/summary', '/api/property/list', '/api/me']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { cookie: withCookie(cookie.value), accept: 'application/json' },
      });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'unauthorized' });
    }
    // Nor as a bearer token.
    const asBearer = await ctx.app.inject({
      method: 'GET',
      url: '/api/property/summary',
      headers: { authorization: `Bearer ${cookie.value}` },
    });
    expect(asBearer.statusCode).toBe(401);
    // The header alone still works.
    const withHeader = await ctx.app.inject({
      method: 'GET',
      url: '/api/property/summary',
      headers: { authorization: `Bearer ${tokens.jwtToken}` },
    });
    expect(withHeader.statusCode).toBe(200);
  });

  it('renders the signed-out path for a forged, a foreign or an expired cookie', async () => {
    const { cookie, tokens } = await signIn();
    const [header, payload] = cookie.value.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    const otherUser = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...otherUser, sub: 'someone-else' })).toString('base64url')}.${cookie.value.split('.')[2]}`;
    // An access token of the same sign-in is not a page session either.
    const access = await issueAccessToken(
      { userId: tokens.userId, sessionId: otherUser.sid },
      { secret: TEST_JWT_SECRET, now: () => ctx.clock.now(), ttlSeconds: 900 },
    );

    for (const value of [forged, tampered, access.token, tokens.jwtToken, tokens.refreshToken, 'garbage']) {
      const response = await page('/properties', withCookie(value));
      expect(response.statusCode, value).toBe(302);
      expect(response.headers.location).toBe('/login?redirect=%2Fproperties');
    }

    ctx.clock.advance(REFRESH_TOKEN_POLICY.familyLifetimeMs);
    const expired = await page('/properties', withCookie(cookie.value));
    expect(expired.statusCode).toBe(302);
    expect(expired.headers.location).toBe('/login?redirect=%2Fproperties');
  });
});
