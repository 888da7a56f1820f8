import type { Clock } from '../clock';
import { announcementsOf, type Database, type Db } from '../db/database';
import { findLiveSession } from '../repositories/sessions.repository';
import type { AccessTokenClaims } from './access-token';

/** The channel migration session-change-notify announces each changed or deleted session on. */
export const SESSION_CHANNEL = 'session_change';
/** Sessions kept at most; a full map is cleared (each is then read once more). */
const MAX_KEPT = 10_000;
/**
 * How long a kept answer is trusted without reading the session again: the bound on how late a
 * revocation is seen by a server whose listening connection was cut without its noticing (a half-open
 * TCP connection hears nothing and reports no error), which no fence can wait for.
 */
export const KEPT_FOR_MS = 60_000;

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
 * A session found live is kept until the database announces a change to it: the migration's
 * trigger announces every update or deletion of a sessions row (a logout, a reuse revoking the
 * family, a user deleted with their sessions, plain SQL); its expiry is judged on each request from
 * the kept row against the app's clock. Every authenticated request then costs no query for its
 * session (issue 26). On PGlite the announcement arrives before the revoking write returns. On
 * PostgreSQL it arrives on each server's listening connection some time after the commit, so the
 * app's revocation waits until every listening server has heard it (revokeFamily,
 * `heardEverywhere`) before it answers, and the next request anywhere is refused. While a server's
 * listening connection is down nothing is kept there and every request reads its session.
 */
export function createSessionService({
  db,
  clock,
  database,
}: {
  db: Db;
  clock: Clock;
  database?: Pick<Database, 'listen' | 'announcements'> | undefined;
}): SessionService {
  const read = async (claims: AccessTokenClaims) =>
    findLiveSession(db, { sessionId: claims.sessionId, userId: claims.userId, now: clock.now() });
  const announcements = announcementsOf(database);
  if (!announcements) {
    return { isLive: async (claims) => (await read(claims)) !== undefined, stop: async () => {} };
  }

  const kept = new Map<string, { userId: string; expiresAt: number; keptUntil: number }>();
  // Moves with every announcement and every change of the connection: a read under way meanwhile
  // may have seen the session before that change, so its answer is used once and not kept.
  let generation = 0;
  // Until the database listens, and whenever its connection is lost, nothing is kept.
  let listening = false;
  const forget = (sessionId: string) => {
    generation += 1;
    if (sessionId === '*') kept.clear();
    else kept.delete(sessionId);
  };
  const started = announcements
    .listen(SESSION_CHANNEL, forget, (now) => {
      forget('*');
      listening = now;
    })
    .catch(() => null);

  return {
    async isLive(claims) {
      const now = clock.now().getTime();
      const known = listening ? kept.get(claims.sessionId) : undefined;
      if (known?.userId === claims.userId && now < known.keptUntil) return now < known.expiresAt;
      const keepable = listening;
      const startedAt = generation;
      const session = await read(claims);
      if (!session) return false;
      if (keepable && listening && generation === startedAt) {
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(claims.sessionId, {
          userId: claims.userId,
          expiresAt: session.expiresAt.getTime(),
          keptUntil: now + KEPT_FOR_MS,
        });
      }
      return true;
    },
    async stop() {
      listening = false;
      kept.clear();
      const stop = await started;
      await stop?.().catch(() => undefined);
    },
  };
}
