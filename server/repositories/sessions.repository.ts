import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type Session, sessions } from '../db/schema';

export async function insertSession(
  db: Db,
  session: Pick<Session, 'id' | 'userId' | 'createdAt' | 'expiresAt'>,
) {
  await db.insert(sessions).values(session);
}

export async function revokeSession(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** The session check's statement, built once per database: it runs before every signed-in request. */
function liveSessionStatement(db: Db) {
  return db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('live_session');
}

const liveSessionStatements = new WeakMap<Db, ReturnType<typeof liveSessionStatement>>();

/**
 * One primary-key read: the session if it exists, is this user's, and is neither revoked nor
 * expired (with its expiry, so a caller that keeps it can judge that later).
 */
export async function findLiveSession(
  db: Db,
  { sessionId, userId, now }: { sessionId: string; userId: string; now: Date },
): Promise<{ expiresAt: Date } | undefined> {
  let statement = liveSessionStatements.get(db);
  if (!statement) {
    statement = liveSessionStatement(db);
    liveSessionStatements.set(db, statement);
  }
  const [row] = await statement.execute({ sessionId, userId, now: now.toISOString() });
  return row;
}
