import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database';
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

/**
 * Claims the token for one rotation and adds its successor, in one statement: the successor is
 * inserted only when the update claimed the row, and neither happens without the other. False when
 * another request rotated it (or it was revoked) first. One statement rather than a transaction of
 * two: on PGlite a transaction holds the only connection across the code between its statements.
 */
export async function rotateRefreshToken(
  db: Db,
  id: string,
  { now, successor }: { now: Date; successor: NewRefreshToken },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with claimed as (
      update refresh_tokens set rotated_at = ${now.toISOString()}::timestamptz, replaced_by = ${successor.id}::uuid
      where id = ${id}::uuid and rotated_at is null and revoked_at is null
      returning id
    )
    insert into refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at)
    select ${successor.id}::uuid, ${successor.userId}::uuid, ${successor.familyId}::uuid, ${successor.tokenHash},
      ${successor.createdAt.toISOString()}::timestamptz, ${successor.expiresAt.toISOString()}::timestamptz
    from claimed
    returning id`,
  );
  return rows.length === 1;
}

export async function revokeRefreshTokenFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
