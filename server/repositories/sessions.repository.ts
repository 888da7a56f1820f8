import { and, eq, gt, isNull } from 'drizzle-orm';
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

/**
 * One primary-key read: the session if it exists, is this user's, and is neither revoked nor
 * expired (with its expiry, so a caller that keeps it can judge that later).
 */
export async function findLiveSession(
  db: Db,
  { sessionId, userId, now }: { sessionId: string; userId: string; now: Date },
): Promise<{ expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}
