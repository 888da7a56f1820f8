import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type RefreshToken, refreshTokens } from '../db/schema';

export type NewRefreshToken = Pick<
  RefreshToken,
  'id' | 'userId' | 'familyId' | 'tokenHash' | 'createdAt' | 'expiresAt'
>;

export async function insertRefreshToken(db: Db, token: NewRefreshToken): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

export async function findRefreshTokenByHash(db: Db, tokenHash: string): Promise<RefreshToken | null> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** Claims the token for one rotation: false when another request rotated it (or it was revoked) first. */
export async function markRefreshTokenRotated(
  db: Db,
  id: string,
  { now, replacedBy }: { now: Date; replacedBy: string },
): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now, replacedBy })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeRefreshTokenFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
