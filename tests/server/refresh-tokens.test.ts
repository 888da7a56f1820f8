import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/database';
import { appForTests } from './helpers/app-for-tests';
import { errorOf, NO_ROUTE_LIMITS, post, signInWithCode } from './helpers/auth-flow';

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

/** The three refresh routes of spec 7 and the names each answers with. */
const ROUTES = [
  { url: '/api/auth/refresh-token', access: 'jwtToken' },
  { url: '/api/login/auth/refresh-token', access: 'jwtToken' },
  { url: '/api/auth/refresh', access: 'accessToken' },
] as const;

describe('refresh tokens', () => {
  const ctx = appForTests({ config: NO_ROUTE_LIMITS });

  const refresh = (refreshToken: string, url = '/api/auth/refresh') => post(ctx.app, url, { refreshToken });
  const summary = (accessToken: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/property/summary',
      headers: { authorization: `Bearer ${accessToken}` },
    });
  const rowsOf = (userId: string) =>
    queryRows<{
      id: string;
      family_id: string;
      rotated_at: string | null;
      revoked_at: string | null;
      replaced_by: string | null;
      expires_at: string;
    }>(
      ctx.db,
      sql`select id, family_id, rotated_at::text, revoked_at::text, replaced_by, expires_at::text
          from refresh_tokens where user_id = ${userId} order by created_at, id`,
    );

  it.each(ROUTES)(
    '$url rotates the token and answers a working access token as $access',
    async ({ url, access }) => {
      const { tokens } = await signInWithCode(ctx);

      const response = await refresh(tokens.refreshToken, url);

      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const data = response.json().data;
      expect(Object.keys(data).sort()).toEqual([access, 'refreshToken'].sort());
      expect(data.refreshToken).not.toBe(tokens.refreshToken);
      expect((await summary(data[access])).statusCode).not.toBe(401);
    },
  );

  it('marks the used token rotated and replaced by its successor, in the same family', async () => {
    const { tokens } = await signInWithCode(ctx);

    await refresh(tokens.refreshToken);

    // Both rows carry the same instant (the test clock stands still), so tell them apart by state.
    const rows = await rowsOf(tokens.userId);
    const used = rows.find((row) => row.rotated_at !== null);
    const successor = rows.find((row) => row.rotated_at === null);
    expect(rows).toHaveLength(2);
    expect(used?.rotated_at).not.toBeNull();
    expect(used?.replaced_by).toBe(successor?.id);
    expect(successor?.family_id).toBe(used?.family_id);
    expect(successor?.rotated_at).toBeNull();
  });

  it('lets a signed-in user keep working after the access token expires, by refreshing', async () => {
    const { tokens } = await signInWithCode(ctx);
    ctx.clock.advance(ctx.config.accessTokenTtlSeconds * SECOND);

    const expired = await summary(tokens.jwtToken);
    const refreshed = (await refresh(tokens.refreshToken)).json().data;

    expect(expired.statusCode).toBe(401);
    expect((await summary(refreshed.accessToken)).statusCode).not.toBe(401);
  });

  it('answers a rotated token again within 10 s (a race, not theft) with the same successor pair', async () => {
    const { tokens } = await signInWithCode(ctx);
    const successor = (await refresh(tokens.refreshToken)).json().data;
    ctx.clock.advance(10 * SECOND - 1);

    const again = await refresh(tokens.refreshToken);

    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(successor);
    expect((await summary(successor.accessToken)).statusCode).not.toBe(401);
    expect(await rowsOf(tokens.userId)).toHaveLength(2);
    expect((await refresh(successor.refreshToken)).statusCode).toBe(200);
  });

  it('answers 20 simultaneous refreshes with one token with one successor pair: one live branch', async () => {
    const { tokens } = await signInWithCode(ctx);

    const responses = await Promise.all(Array.from({ length: 20 }, () => refresh(tokens.refreshToken)));

    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const answers = new Set(responses.map((response) => JSON.stringify(response.json().data)));
    expect(answers.size).toBe(1);
    const rows = await rowsOf(tokens.userId);
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.rotated_at === null && row.revoked_at === null)).toHaveLength(1);
  });

  it('treats a replay of the successor’s predecessor after the window as theft, however the race went', async () => {
    const { tokens } = await signInWithCode(ctx);
    const successor = (await refresh(tokens.refreshToken)).json().data;
    ctx.clock.advance(5 * SECOND);
    // The thief replays inside the window and gets the very pair the owner has, no branch of its own.
    expect((await refresh(tokens.refreshToken)).json().data).toEqual(successor);
    const next = (await refresh(successor.refreshToken)).json().data;
    ctx.clock.advance(10 * SECOND);

    expect(errorOf(await refresh(successor.refreshToken)).code).toBe('refresh_token_reused');
    expect(errorOf(await refresh(next.refreshToken)).code).toBe('invalid_refresh_token');
  });

  it('refuses the access tokens of a family revoked for reuse, at once', async () => {
    const { tokens } = await signInWithCode(ctx);
    const successor = (await refresh(tokens.refreshToken)).json().data;
    expect((await summary(tokens.jwtToken)).statusCode).toBe(200);
    ctx.clock.advance(10 * SECOND);

    expect(errorOf(await refresh(tokens.refreshToken)).code).toBe('refresh_token_reused');

    expect((await summary(tokens.jwtToken)).statusCode).toBe(401);
    expect((await summary(successor.accessToken)).statusCode).toBe(401);
  });

  it('revokes the whole family when a rotated token comes back after the grace window', async () => {
    const { tokens } = await signInWithCode(ctx);
    const successor = (await refresh(tokens.refreshToken)).json().data;
    const next = (await refresh(successor.refreshToken)).json().data;
    ctx.clock.advance(10 * SECOND);

    const reused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: tokens.refreshToken },
      headers: { 'accept-language': 'en' },
    });

    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({
      success: false,
      code: 'refresh_token_reused',
      Message: 'For your security you have been signed out. Please sign in again.',
    });
    for (const token of [successor.refreshToken, next.refreshToken, tokens.refreshToken]) {
      expect(errorOf(await refresh(token))).toEqual({
        status: 401,
        code: 'invalid_refresh_token',
        success: false,
      });
    }
    expect((await rowsOf(tokens.userId)).every((row) => row.revoked_at !== null)).toBe(true);
  });

  it('ends a sign-in 30 days after it began, however often it was refreshed', async () => {
    ctx.clock.set('2025-08-01T00:00:00.000Z');
    const { tokens } = await signInWithCode(ctx);
    let current = tokens.refreshToken;
    for (let day = 0; day < 29; day++) {
      ctx.clock.advance(DAY);
      const response = await refresh(current);
      expect(response.statusCode).toBe(200);
      current = response.json().data.refreshToken;
    }
    ctx.clock.set('2025-08-30T23:59:59.999Z');
    const lastMoment = await refresh(current);
    expect(lastMoment.statusCode).toBe(200);
    current = lastMoment.json().data.refreshToken;

    ctx.clock.set('2025-08-31T00:00:00.000Z');
    const ended = await refresh(current);

    expect(errorOf(ended)).toEqual({ status: 401, code: 'invalid_refresh_token', success: false });
    const expiries = new Set((await rowsOf(tokens.userId)).map((row) => row.expires_at));
    expect(expiries.size).toBe(1);
  });

  it('answers 401 invalid_refresh_token for a token it never issued, and 400 for a malformed one', async () => {
    const unknown = await refresh('x'.repeat(43));
    const malformed = await refresh('short');

    expect(errorOf(unknown)).toEqual({ status: 401, code: 'invalid_refresh_token', success: false });
    expect(errorOf(malformed)).toEqual({ status: 400, code: 'validation_failed', success: false });
  });

  it('answers both of two simultaneous refreshes with one token, and keeps the sign-in', async () => {
    const { tokens } = await signInWithCode(ctx);

    const responses = await Promise.all([refresh(tokens.refreshToken), refresh(tokens.refreshToken)]);

    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    for (const response of responses) {
      expect((await refresh(response.json().data.refreshToken)).statusCode).toBe(200);
    }
  });
});
