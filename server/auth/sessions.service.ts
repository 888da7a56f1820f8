import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { isSessionLive } from '../repositories/sessions.repository';
import type { AccessTokenClaims } from './access-token';

/**
 * Whether an access token's sign-in still stands: looked up in the database on every request, so
 * logout and reuse detection stop its access tokens at once, on every server (docs/security.md has
 * the cost of the lookup).
 */
export function createSessionService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    isLive: (claims: AccessTokenClaims) =>
      isSessionLive(db, { sessionId: claims.sessionId, userId: claims.userId, now: clock.now() }),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
