import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessTokenClaims } from '../../server/auth/access-token';
import { createSessionService, KEPT_FOR_MS, SESSION_CHANNEL } from '../../server/auth/sessions.service';
import type { ListeningState } from '../../server/db/announcements';
import type { Database } from '../../server/db/database';
import { createTestClock } from './helpers/build-test-app';
import { createUser } from './helpers/sign-in';
import { createTestDatabase } from './helpers/test-database';

/**
 * The session check's memory against announcements the test controls: what is kept, when it is
 * dropped, and that nothing is kept while the announcements may be missed (the cross-server side is
 * in session-revocation-across-servers.test.ts).
 */
describe('the sessions the check keeps', () => {
  let database: Database;
  const clock = createTestClock();

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Announcements whose connection the test opens, loses and speaks on. */
  function controlledAnnouncements() {
    let callback: (payload: string) => void = () => {};
    let state: ListeningState = () => {};
    return {
      announcements: {
        async listen(channel: string, heard: (payload: string) => void, told: ListeningState) {
          expect(channel).toBe(SESSION_CHANNEL);
          callback = heard;
          state = told;
          return async () => {};
        },
        heardEverywhere: async () => {},
        close: async () => {},
      },
      announce: (payload: string) => callback(payload),
      listening: (now: boolean) => state(now),
    };
  }

  /** The session check over controlled announcements, listening. */
  function listeningSessions() {
    const control = controlledAnnouncements();
    const sessions = createSessionService({ db: database.db, clock, database: control });
    control.listening(true);
    return { control, sessions };
  }

  async function liveSession() {
    const user = await createUser(database.db);
    const sessionId = randomUUID();
    await database.db.execute(
      sql`insert into sessions (id, user_id, created_at, expires_at)
          values (${sessionId}, ${user.id}, ${clock.now().toISOString()}, ${new Date(clock.now().getTime() + 3_600_000).toISOString()})`,
    );
    const revoke = () =>
      database.db.execute(sql`update sessions set revoked_at = now() where id = ${sessionId}`);
    const claims: AccessTokenClaims = { sessionId, userId: user.id };
    return { claims, revoke };
  }

  it('keeps a live session until it is announced, judging its expiry on every check', async () => {
    const { control, sessions } = listeningSessions();
    const { claims, revoke } = await liveSession();

    expect(await sessions.isLive(claims)).toBe(true);
    await revoke();
    expect(await sessions.isLive(claims)).toBe(true);
    control.announce(claims.sessionId);
    expect(await sessions.isLive(claims)).toBe(false);
    await sessions.stop();
  });

  it('refuses a kept session once the app clock passes its expiry', async () => {
    const { sessions } = listeningSessions();
    const { claims } = await liveSession();
    expect(await sessions.isLive(claims)).toBe(true);

    clock.advance(3_600_000);

    expect(await sessions.isLive(claims)).toBe(false);
    await sessions.stop();
  });

  it('reads a kept session again once it has been kept for KEPT_FOR_MS, so a revocation never heard still stops it', async () => {
    // A listening connection can be cut without either end noticing: it is then open but hears nothing.
    const { sessions } = listeningSessions();
    const { claims, revoke } = await liveSession();
    expect(await sessions.isLive(claims)).toBe(true);
    await revoke();

    clock.advance(KEPT_FOR_MS - 1);
    expect(await sessions.isLive(claims)).toBe(true);
    clock.advance(1);
    expect(await sessions.isLive(claims)).toBe(false);
    await sessions.stop();
  });

  it('drops what it kept when the connection is lost, and reads every check until it listens again', async () => {
    const { control, sessions } = listeningSessions();
    const { claims, revoke } = await liveSession();
    expect(await sessions.isLive(claims)).toBe(true);

    control.listening(false);
    await revoke();
    expect(await sessions.isLive(claims)).toBe(false);

    const other = await liveSession();
    expect(await sessions.isLive(other.claims)).toBe(true);
    await other.revoke();
    // Not kept while down: the revocation shows though nothing announced it.
    expect(await sessions.isLive(other.claims)).toBe(false);

    control.listening(true);
    const third = await liveSession();
    expect(await sessions.isLive(third.claims)).toBe(true);
    await third.revoke();
    expect(await sessions.isLive(third.claims)).toBe(true);
    await sessions.stop();
  });
});
