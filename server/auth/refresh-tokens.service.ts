import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { RefreshToken } from '../db/schema';
import { AppError } from '../http/app-error';
import {
  findRefreshTokenByHash,
  insertRefreshToken,
  markRefreshTokenRotated,
  revokeRefreshTokenFamily,
} from '../repositories/refresh-tokens.repository';
import { REFRESH_TOKEN_POLICY } from './refresh-token-policy';

/** 256 random bits, URL-safe: the token is opaque and only its SHA-256 is stored. */
function newTokenValue(): string {
  return randomBytes(32).toString('base64url');
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface RotatedRefreshToken {
  userId: string;
  refreshToken: string;
}

/**
 * Refresh tokens in rotation families. Each sign-in starts a family with an absolute expiry; each
 * use replaces the token with a new one of the same family. A replaced token used again later than
 * the grace window means two parties hold the family, so the whole family is revoked.
 */
export function createRefreshTokenService({ db, clock }: { db: Db; clock: Clock }) {
  /** Starts a family for a new sign-in. Pass the transaction that creates the sign-in, if any. */
  async function startFamily(executor: Db, userId: string): Promise<string> {
    const now = clock.now();
    return addToFamily(executor, {
      userId,
      familyId: randomUUID(),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_POLICY.familyLifetimeMs),
      now,
    });
  }

  async function addToFamily(
    executor: Db,
    family: { userId: string; familyId: string; expiresAt: Date; now: Date; id?: string },
  ): Promise<string> {
    const token = newTokenValue();
    await insertRefreshToken(executor, {
      id: family.id ?? randomUUID(),
      userId: family.userId,
      familyId: family.familyId,
      tokenHash: hashToken(token),
      createdAt: family.now,
      expiresAt: family.expiresAt,
    });
    return token;
  }

  async function rotate(token: string): Promise<RotatedRefreshToken> {
    const row = await findRefreshTokenByHash(db, hashToken(token));
    const now = clock.now();
    if (!row || row.revokedAt !== null || now.getTime() >= row.expiresAt.getTime()) {
      throw new AppError(401, 'invalid_refresh_token');
    }
    if (row.rotatedAt === null) {
      const successor = await db.transaction(async (tx) => {
        const successorId = randomUUID();
        if (!(await markRefreshTokenRotated(tx, row.id, { now, replacedBy: successorId }))) return null;
        return addToFamily(tx, { ...row, now, id: successorId });
      });
      if (successor !== null) return { userId: row.userId, refreshToken: successor };
    }
    // Rotated already, by an earlier request or by one running right now.
    const current = (await findRefreshTokenByHash(db, hashToken(token))) ?? row;
    return reuse(current, now);
  }

  async function reuse(row: RefreshToken, now: Date): Promise<RotatedRefreshToken> {
    if (row.revokedAt !== null) throw new AppError(401, 'invalid_refresh_token');
    const rotatedAt = row.rotatedAt?.getTime() ?? now.getTime();
    if (now.getTime() - rotatedAt < REFRESH_TOKEN_POLICY.reuseGraceMs) {
      // A sibling of the successor: same family, same absolute expiry. The rotated token itself
      // stays rotated, so presenting it once the window has passed still revokes the family.
      return { userId: row.userId, refreshToken: await addToFamily(db, { ...row, now, id: undefined }) };
    }
    await revokeRefreshTokenFamily(db, row.familyId, now);
    throw new AppError(401, 'refresh_token_reused');
  }

  /** Ends the sign-in the token belongs to. Unknown, expired or revoked tokens are fine: nothing to do. */
  async function revokeFamilyOf(token: string): Promise<void> {
    const row = await findRefreshTokenByHash(db, hashToken(token));
    if (row) await revokeRefreshTokenFamily(db, row.familyId, clock.now());
  }

  return { startFamily, rotate, revokeFamilyOf };
}

export type RefreshTokenService = ReturnType<typeof createRefreshTokenService>;
