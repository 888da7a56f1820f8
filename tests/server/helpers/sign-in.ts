import { pageSessionCookie } from '../../../page-contract/page-session-cookie';
import { issuePageSessionToken } from '../../../server/auth/page-session-token';
import { createRefreshTokenService } from '../../../server/auth/refresh-tokens.service';
import { createSignInTokens } from '../../../server/auth/sign-in-tokens';
import type { Db } from '../../../server/db/database';
import { users } from '../../../server/db/schema';
import type { TestApp } from './build-test-app';

let phoneCounter = 0;

/** A registered user, inserted directly: for tests of what signed-in users do, not of signing in. */
export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  phoneCounter += 1;
  const [user] = await db
    .insert(users)
    .values({
      phoneNumber: `+97250${String(1_000_000 + phoneCounter).slice(-7)}`,
      firstName: 'דנה',
      lastName: 'כהן',
      email: `dana${phoneCounter}@example.co.il`,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  return user;
}

/**
 * An Authorization header carrying a valid access token for `userId`, on the test app's clock, in a
 * sign-in (session) of its own, as the sign-in routes would start it.
 */
export async function bearer(testApp: Pick<TestApp, 'config' | 'clock' | 'db'>, userId: string) {
  const { db, clock, config } = testApp;
  const { jwtToken } = await createSignInTokens({ db, clock, config }).signIn(db, userId);
  return { authorization: `Bearer ${jwtToken}` };
}

/** A user and their header in one call. */
export async function signedInUser(testApp: TestApp) {
  const user = await createUser(testApp.db);
  return { user, headers: await bearer(testApp, user.id) };
}

/** A Cookie header with a page-session cookie for `userId`, in a sign-in of its own (as sign-in sets it). */
export async function pageSessionCookieHeader(
  testApp: Pick<TestApp, 'config' | 'clock' | 'db'>,
  userId: string,
) {
  const { db, clock, config } = testApp;
  const family = await createRefreshTokenService({ db, clock, secret: config.jwtSecret }).startFamily(
    db,
    userId,
  );
  const token = await issuePageSessionToken(
    { userId, sessionId: family.familyId, expiresAt: family.expiresAt },
    { secret: config.jwtSecret, now: clock.now() },
  );
  return `${pageSessionCookie.name}=${token}`;
}
