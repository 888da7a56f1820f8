import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../../../server/auth/access-token';
import { classifyError } from '../../../server/plugins/error-envelope';
import { appForTests } from '../helpers/app-for-tests';
import { COMPANY_DETAILS, PERSONAL_DETAILS, uniquePhone } from '../helpers/auth-flow';
import { draftRetail } from '../helpers/properties';
import { signedInUser } from '../helpers/sign-in';

/**
 * Input PostgreSQL cannot store or the server did not make: a NUL character or a lone UTF-16
 * surrogate in any string, a list cursor that only looks like one, a token for a user who does not
 * exist. Each is the client's mistake: 400 or 401 with the envelope, never a 500.
 */

const NUL = 'תל\u0000אביב';
const LONE_HIGH = 'תל אביב\uD800';
const LONE_LOW = '\uDC00חיפה';

describe('hostile text and identifiers', () => {
  const ctx = appForTests();
  let auth: Record<string, string>;

  beforeAll(async () => {
    auth = (await signedInUser(ctx)).headers;
  });

  const expectRefused = (response: { statusCode: number; json: () => unknown }, status = 400) => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({
      success: false,
      code: expect.any(String),
      Message: expect.any(String),
    });
  };

  it.each([
    ['a NUL', NUL],
    ['a lone high surrogate', LONE_HIGH],
    ['a lone low surrogate', LONE_LOW],
  ])('refuses %s in a JSON body field, a multipart field and a query parameter', async (_name, text) => {
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/property/create',
      headers: auth,
      payload: draftRetail({ city: text }),
    });
    const lead = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/leads/save',
      payload: { ...PERSONAL_DETAILS, ...COMPANY_DETAILS, phoneNumber: uniquePhone(), companyName: text },
    });
    const search = await ctx.app.inject({
      method: 'GET',
      // A surrogate has no UTF-8 form: its CESU-8 bytes are the nearest a query string can carry.
      url: `/api/property/list?search=${text === NUL ? encodeURIComponent(text) : '%ED%A0%80'}`,
      headers: auth,
    });
    const boundary = 'b0undary';
    const multipart = await ctx.app.inject({
      method: 'POST',
      url: '/api/property/create-with-files',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="property"\r\n\r\n` +
          `${JSON.stringify(draftRetail({ address: text }))}\r\n--${boundary}--\r\n`,
        'utf8',
      ),
    });

    for (const response of [create, lead]) {
      expectRefused(response);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
    // A lone surrogate cannot survive UTF-8 (a multipart field or a query string decodes it to
    // U+FFFD); a NUL can, and is refused there too.
    if (text === NUL) {
      expectRefused(multipart);
      expectRefused(search);
    } else {
      expect(multipart.statusCode).toBeLessThan(500);
      expect(search.statusCode).toBeLessThan(500);
    }
  });

  it.each([
    [
      'a time that is no date',
      Buffer.from(`2025-13-45 99:99:99.123+00|${randomUUID()}`).toString('base64url'),
    ],
    ['a year zero', Buffer.from(`0000-01-01 00:00:00+00|${randomUUID()}`).toString('base64url')],
    ['an offset past 24 hours', Buffer.from(`2025-01-01 00:00:00+99|${randomUUID()}`).toString('base64url')],
    ['random letters', 'AAAAAAAA'],
  ])('refuses a list cursor with %s as 400', async (_name, cursor) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/property/list?page=2&after=${cursor}`,
      headers: auth,
    });

    expectRefused(response);
  });

  it('answers a well-signed token whose user does not exist with 401 on every signed-in route', async () => {
    // Signed with the server's key, for a sign-in and a user the database does not hold.
    const { token } = await issueAccessToken(
      { userId: randomUUID(), sessionId: randomUUID() },
      { secret: ctx.config.jwtSecret, now: () => ctx.clock.now(), ttlSeconds: 900 },
    );
    const ghost = { authorization: `Bearer ${token}` };
    const responses = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/property/list', headers: ghost }),
      ctx.app.inject({ method: 'GET', url: '/api/property/summary', headers: ghost }),
      ctx.app.inject({ method: 'POST', url: '/api/property/create', headers: ghost, payload: draftRetail() }),
      ctx.app.inject({ method: 'GET', url: `/api/property/${randomUUID()}`, headers: ghost }),
    ]);

    for (const response of responses) {
      expectRefused(response, 401);
      expect(response.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('maps any data exception PostgreSQL raises (SQLSTATE class 22) to 400, as the last guard', () => {
    const fromDriver = (code: string) =>
      Object.assign(new Error('Failed query: select …'), {
        cause: Object.assign(new Error('bad'), { code }),
      });

    expect(classifyError(fromDriver('22021'))).toMatchObject({ status: 400, code: 'bad_request' });
    expect(classifyError(fromDriver('22P02'))).toMatchObject({ status: 400, code: 'bad_request' });
    expect(classifyError(fromDriver('22008'))).toMatchObject({ status: 400, code: 'bad_request' });
    expect(classifyError(fromDriver('23505'))).toMatchObject({ status: 500 });
  });

  it.each([
    ['a right-to-left override', 'רוטשילד \u202E22'],
    ['a first-strong isolate', '\u2068רוטשילד\u2069'],
    ['a zero-width space', 'תל\u200Bאביב'],
    ['an escape control', 'חיפה\u001B[31m'],
  ])('refuses %s in city, address, company and position, storing nothing', async (_name, text) => {
    const created = await Promise.all([
      ctx.app.inject({
        method: 'POST',
        url: '/api/property/create',
        headers: auth,
        payload: draftRetail({ city: text }),
      }),
      ctx.app.inject({
        method: 'POST',
        url: '/api/property/create',
        headers: auth,
        payload: draftRetail({ address: text }),
      }),
    ]);
    const phoneNumber = uniquePhone();
    const leads = await Promise.all(
      (['companyName', 'position'] as const).map((field) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/login/leads/save',
          payload: { ...PERSONAL_DETAILS, ...COMPANY_DETAILS, phoneNumber, [field]: text },
        }),
      ),
    );
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/property/list?pageSize=100',
      headers: auth,
    });

    for (const response of [...created, ...leads]) {
      expectRefused(response);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
      expect(response.json().details[0].message).toBe('validation.unsafeCharacters');
    }
    expect(list.body).not.toContain(text);
  });
});
