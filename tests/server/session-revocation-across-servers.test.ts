import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../../server/db/announcements';
import { queryRows } from '../../server/db/database';
import { NO_ROUTE_LIMITS, post, signInWithCode } from './helpers/auth-flow';
import { buildTestApp, createTestClock, type TestApp } from './helpers/build-test-app';
import { openAgain, postgresUrlOf } from './helpers/test-database';

/**
 * Two servers on one database, each keeping the sessions it found live (sessions.service.ts): a
 * sign-in ended through one is refused by the other on the very next request. On PostgreSQL each
 * server has its own pool and listening connection, as two processes would.
 */
describe('a revocation through one server, on another server', () => {
  const clock = createTestClock();
  let here: TestApp;
  let there: TestApp;

  beforeAll(async () => {
    here = await buildTestApp({ clock, config: NO_ROUTE_LIMITS });
    there = await buildTestApp({ clock, config: NO_ROUTE_LIMITS, database: await openAgain(here.database) });
  });
  afterAll(async () => {
    await there?.close();
    await there?.database.close();
    await here?.close();
  });

  const summary = (server: TestApp, accessToken: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/property/summary',
      headers: { authorization: `Bearer ${accessToken}` },
    });
  const refresh = (server: TestApp, refreshToken: string) =>
    post(server.app, '/api/auth/refresh', { refreshToken });

  it('refuses the access token there as soon as logout answers here', async () => {
    const { tokens } = await signInWithCode(here);
    // Twice: the second answer comes from what that server keeps.
    expect((await summary(there, tokens.jwtToken)).statusCode).toBe(200);
    expect((await summary(there, tokens.jwtToken)).statusCode).toBe(200);

    expect(
      (await post(here.app, '/api/login/auth/logout', { refreshToken: tokens.refreshToken })).statusCode,
    ).toBe(200);

    expect((await summary(there, tokens.jwtToken)).statusCode).toBe(401);
  });

  it('refuses it there as soon as a reused refresh token revokes the sign-in here', async () => {
    const { tokens } = await signInWithCode(here);
    const rotated = (await refresh(here, tokens.refreshToken)).json().data;
    expect((await summary(there, rotated.accessToken)).statusCode).toBe(200);
    // Past the replay window, well within the access token's life.
    clock.advance(60_000);

    expect((await refresh(here, tokens.refreshToken)).json()).toMatchObject({ code: 'refresh_token_reused' });

    expect((await summary(there, rotated.accessToken)).statusCode).toBe(401);
  });

  // PGlite delivers announcements with the commit: there is no wait and no listening connection.
  it('answers logout only after every listening server has heard it (PostgreSQL)', async () => {
    if (here.database.kind !== 'postgres') return;
    const { tokens } = await signInWithCode(here);
    // A third server, slow: it listens, and answers the wait only when this test lets it.
    const slow = new pg.Client({
      connectionString: postgresUrlOf(here.database),
      application_name: LISTENER_APPLICATION_NAME,
    });
    await slow.connect();
    const fences: string[] = [];
    slow.on('notification', (message) => {
      if (message.channel === 'announcement_fence') fences.push(message.payload ?? '');
    });
    await slow.query('LISTEN announcement_fence');
    try {
      let answered = false;
      const logout = post(here.app, '/api/login/auth/logout', { refreshToken: tokens.refreshToken }).then(
        (response) => {
          answered = true;
          return response;
        },
      );
      await until(() => fences.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(answered).toBe(false);

      await slow.query('select pg_notify($1, $2)', ['announcement_fence_heard', fences[0]]);

      expect((await logout).statusCode).toBe(200);
    } finally {
      await slow.end();
    }
  });

  it('keeps nothing from before its listening connection was lost (PostgreSQL)', async () => {
    if (here.database.kind !== 'postgres') return;
    const { user, tokens } = await signInWithCode(here);
    expect((await summary(there, tokens.jwtToken)).statusCode).toBe(200);
    const before = await listenerPids(here);

    // Both servers' listening connections end; the revocation below is announced to no one.
    await queryRows(
      here.db,
      sql`select pg_terminate_backend(pid, 5000) from pg_stat_activity
          where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
    );
    await here.db.execute(sql`update sessions set revoked_at = now() where user_id = ${user.id}`);
    // Both listen again, on new connections: the loss was seen.
    await until(async () => {
      const now = await listenerPids(here);
      return now.length === before.length && now.every((pid) => !before.includes(pid));
    });

    expect((await summary(there, tokens.jwtToken)).statusCode).toBe(401);
  });
});

async function listenerPids(server: TestApp): Promise<number[]> {
  const rows = await queryRows<{ pid: number }>(
    server.db,
    sql`select pid from pg_stat_activity
        where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
  );
  return rows.map((row) => row.pid);
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('the condition did not come true in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
