import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { announcementsOf } from '../../server/db/database';
import { appForTests } from './helpers/app-for-tests';
import {
  errorOf,
  login,
  NO_ROUTE_LIMITS,
  post,
  requestCode,
  signInWithCode,
  type Tokens,
} from './helpers/auth-flow';

describe('POST /login/auth/logout', () => {
  const ctx = appForTests({ config: NO_ROUTE_LIMITS });

  const logout = (refreshToken: string) => post(ctx.app, '/api/login/auth/logout', { refreshToken });
  const refresh = (refreshToken: string) => post(ctx.app, '/api/auth/refresh', { refreshToken });

  it('ends the sign-in: its refresh token no longer works', async () => {
    const { tokens } = await signInWithCode(ctx);

    const response = await logout(tokens.refreshToken);

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ success: true, data: { loggedOut: true } });
    expect(errorOf(await refresh(tokens.refreshToken))).toEqual({
      status: 401,
      code: 'invalid_refresh_token',
      success: false,
    });
  });

  it('refuses the sign-in’s access tokens at once, not when they expire', async () => {
    const { tokens } = await signInWithCode(ctx);
    const refreshed = (await refresh(tokens.refreshToken)).json().data;
    const summary = (accessToken: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/property/summary',
        headers: { authorization: `Bearer ${accessToken}` },
      });
    expect((await summary(refreshed.accessToken)).statusCode).toBe(200);

    await logout(refreshed.refreshToken);

    for (const accessToken of [tokens.jwtToken, refreshed.accessToken]) {
      const response = await summary(accessToken);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'unauthorized' });
    }
  });

  it('revokes the whole rotation family, whichever of its tokens is presented', async () => {
    const { tokens } = await signInWithCode(ctx);
    const successor = (await refresh(tokens.refreshToken)).json().data.refreshToken as string;

    await logout(tokens.refreshToken);

    expect(errorOf(await refresh(successor)).code).toBe('invalid_refresh_token');
  });

  it('leaves the user’s other sign-ins alone', async () => {
    const { user, tokens: here } = await signInWithCode(ctx);
    ctx.clock.advance(60_000);
    const { otpSessionId, code } = await requestCode(ctx.app, { phoneNumber: user.phoneNumber });
    const there = (
      await login(ctx.app, { phoneNumber: user.phoneNumber, otpSessionId, otpCode: code })
    ).json().data as Tokens;

    await logout(here.refreshToken);

    expect((await refresh(there.refreshToken)).statusCode).toBe(200);
  });

  it('answers an unknown or already revoked token exactly like a live one', async () => {
    const { tokens } = await signInWithCode(ctx);

    const live = await logout(tokens.refreshToken);
    const again = await logout(tokens.refreshToken);
    const unknown = await logout('y'.repeat(43));

    for (const response of [again, unknown]) {
      expect(response.statusCode).toBe(live.statusCode);
      expect(response.json()).toEqual(live.json());
    }
  });
});

describe('an access token whose sign-in changed outside the app', () => {
  const ctx = appForTests({ config: NO_ROUTE_LIMITS });

  const summary = (accessToken: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/property/summary',
      headers: { authorization: `Bearer ${accessToken}` },
    });

  // The server keeps a session it found live; whoever writes the sessions table, the next request
  // after the change is announced sees it. PGlite announces with the commit; on PostgreSQL the
  // announcement reaches each server after it, and the app's own revocations wait for it (logout).
  const heard = () => announcementsOf(ctx.database)?.heardEverywhere();
  it('is refused at once when its session is revoked by plain SQL', async () => {
    const { user, tokens } = await signInWithCode(ctx);
    expect((await summary(tokens.jwtToken)).statusCode).toBe(200);

    await ctx.db.execute(sql`update sessions set revoked_at = now() where user_id = ${user.id}`);
    await heard();

    expect((await summary(tokens.jwtToken)).statusCode).toBe(401);
  });

  it('is refused at once when its user is deleted, and with them their sessions', async () => {
    const { user, tokens } = await signInWithCode(ctx);
    expect((await summary(tokens.jwtToken)).statusCode).toBe(200);

    await ctx.db.execute(sql`delete from users where id = ${user.id}`);
    await heard();

    expect((await summary(tokens.jwtToken)).statusCode).toBe(401);
  });

  it('is refused at once when every sign-in is wiped', async () => {
    const { tokens } = await signInWithCode(ctx);
    expect((await summary(tokens.jwtToken)).statusCode).toBe(200);

    await ctx.db.execute(sql`truncate sessions cascade`);
    await heard();

    expect((await summary(tokens.jwtToken)).statusCode).toBe(401);
  });
});
