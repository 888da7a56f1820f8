import type { Clock } from '../clock';
import type { Database, Db } from '../db/database';
import { findLiveSession } from '../repositories/sessions.repository';
import type { AccessTokenClaims } from './access-token';

/** The channel migration session-change-notify announces each changed or deleted session on. */
export const SESSION_CHANNEL = 'session_change';
/** Sessions kept at most; a full map is cleared (each is then read once more). */
const MAX_KEPT = 10_000;

export interface SessionService {
  /** Whether the sign-in of these claims still stands: exists, is the user's, not revoked, not expired. */
  isLive(claims: AccessTokenClaims): Promise<boolean>;
  /** Stops listening for changes (the app's close). */
  stop(): Promise<void>;
}

/**
 * Whether an access token's sign-in still stands, so that logout and reuse detection stop its
 * access tokens at once (docs/security.md has the cost of the lookup).
 *
 * On PGlite a session found live is kept until the database announces a change to it: the
 * migration's trigger announces every update or deletion of a sessions row (a logout, a reuse
 * revoking the family, a user deleted with their sessions, plain SQL), and PGlite delivers the
 * announcement before the revoking write returns, so the next request with that token is refused,
 * as before; its expiry is judged on each request from the kept row. Every authenticated request
 * then costs no query for its session (issue 26). On PostgreSQL, where another server's logout
 * would reach this process only some time after its commit, every request reads the session.
 */
export function createSessionService({
  db,
  clock,
  database,
}: {
  db: Db;
  clock: Clock;
  database?: Pick<Database, 'listen'> | undefined;
}): SessionService {
  const read = async (claims: AccessTokenClaims) =>
    findLiveSession(db, { sessionId: claims.sessionId, userId: claims.userId, now: clock.now() });
  if (!database?.listen) {
    return { isLive: async (claims) => (await read(claims)) !== undefined, stop: async () => {} };
  }

  const kept = new Map<string, { userId: string; expiresAt: number }>();
  // Moves with every announcement: a read under way when one arrives may have seen the session
  // before that change, so its answer is used once and not kept.
  let generation = 0;
  const listening = database.listen(SESSION_CHANNEL, (sessionId) => {
    generation += 1;
    if (sessionId === '*') kept.clear();
    else kept.delete(sessionId);
  });
  // Without the announcements nothing may be kept; each request then reads, as on PostgreSQL.
  const listeningOrNull = listening.catch(() => null);

  return {
    async isLive(claims) {
      if (!(await listeningOrNull)) return (await read(claims)) !== undefined;
      const known = kept.get(claims.sessionId);
      if (known?.userId === claims.userId) return clock.now().getTime() < known.expiresAt;
      const startedAt = generation;
      const session = await read(claims);
      if (!session) return false;
      if (generation === startedAt) {
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(claims.sessionId, { userId: claims.userId, expiresAt: session.expiresAt.getTime() });
      }
      return true;
    },
    async stop() {
      const stop = await listeningOrNull;
      await stop?.().catch(() => undefined);
    },
  };
}
