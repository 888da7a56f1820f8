import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { RefreshToken } from '../db/schema';
import { AppError } from '../http/app-error';
import {
  findRefreshTokenByHash,
  insertRefreshToken,
  revokeRefreshTokenFamily,
  rotateRefreshToken,
} from '../repositories/refresh-tokens.repository';
import { insertSession, revokeSession } from '../repositories/sessions.repository';
import { REFRESH_TOKEN_POLICY } from './refresh-token-policy';

/** 256 random bits, URL-safe: the token is opaque and only its SHA-256 is stored. */
function newTokenValue(): string {
  return randomBytes(32).toString('base64url');
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface StartedFamily {
  refreshToken: string;
  /** The session (sign-in) the family is: the `sid` of its access tokens. */
  familyId: string;
  /** When the sign-in ends (the page-session cookie ends with it). */
  expiresAt: Date;
}

export interface RotatedRefreshToken {
  userId: string;
  familyId: string;
  refreshToken: string;
  /** The successor's row id and the rotation's time: the same on every answer to one rotation. */
  successorId: string;
  rotatedAt: Date;
  /** When the sign-in ends: rotation never extends it. */
  expiresAt: Date;
}

/**
 * Refresh tokens in rotation families; a family is one sign-in (a sessions row). Each sign-in
 * starts a family with an absolute expiry; each use replaces the token with its successor in the
 * family. A successor's value is derived from its predecessor with a server key (HMAC), so a replay
 * inside the grace window is answered with that same successor, never a new branch. A replaced
 * token used again later than the window means two parties hold the family: the family and its
 * session are revoked, and with the session every access token issued in it.
 */
export function createRefreshTokenService({
  db,
  clock,
  secret,
  revocationHeard = async () => {},
}: {
  db: Db;
  clock: Clock;
  secret: string;
  /** Resolves once every server has heard of a revocation just committed (sessions.service.ts). */
  revocationHeard?: () => Promise<void>;
}) {
  const successorKey = createHmac('sha256', secret).update('nechasim refresh-token successor').digest();
  const successorOf = (token: string) => createHmac('sha256', successorKey).update(token).digest('base64url');

  /** Starts a family (and its session) for a new sign-in. Pass the transaction that creates the sign-in, if any. */
  async function startFamily(executor: Db, userId: string): Promise<StartedFamily> {
    const now = clock.now();
    const familyId = randomUUID();
    const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_POLICY.familyLifetimeMs);
    await insertSession(executor, { id: familyId, userId, createdAt: now, expiresAt });
    const refreshToken = newTokenValue();
    await addToFamily(executor, refreshToken, { userId, familyId, expiresAt, now, id: randomUUID() });
    return { refreshToken, familyId, expiresAt };
  }

  async function addToFamily(
    executor: Db,
    token: string,
    family: { userId: string; familyId: string; expiresAt: Date; now: Date; id: string },
  ): Promise<void> {
    await insertRefreshToken(executor, {
      id: family.id,
      userId: family.userId,
      familyId: family.familyId,
      tokenHash: hashToken(token),
      createdAt: family.now,
      expiresAt: family.expiresAt,
    });
  }

  async function revokeFamily(familyId: string, now: Date): Promise<void> {
    await db.transaction(async (tx) => {
      await revokeSession(tx, familyId, now);
      await revokeRefreshTokenFamily(tx, familyId, now);
    });
    // Answered only once no server would still take the session's access tokens from memory.
    await revocationHeard();
  }

  async function rotate(token: string): Promise<RotatedRefreshToken> {
    const row = await findRefreshTokenByHash(db, hashToken(token));
    const now = clock.now();
    if (!row || row.revokedAt !== null || now.getTime() >= row.expiresAt.getTime()) {
      throw new AppError(401, 'invalid_refresh_token');
    }
    if (row.rotatedAt === null) {
      const refreshToken = successorOf(token);
      const successorId = randomUUID();
      const rotated = await rotateRefreshToken(db, row.id, {
        now,
        successor: {
          id: successorId,
          userId: row.userId,
          familyId: row.familyId,
          tokenHash: hashToken(refreshToken),
          createdAt: now,
          expiresAt: row.expiresAt,
        },
      });
      if (rotated) {
        return {
          userId: row.userId,
          familyId: row.familyId,
          refreshToken,
          successorId,
          rotatedAt: now,
          expiresAt: row.expiresAt,
        };
      }
    }
    // Rotated already, by an earlier request or by one that committed while this one waited.
    const current = (await findRefreshTokenByHash(db, hashToken(token))) ?? row;
    return replay(token, current, now);
  }

  async function replay(token: string, row: RefreshToken, now: Date): Promise<RotatedRefreshToken> {
    if (row.revokedAt !== null || row.rotatedAt === null || row.replacedBy === null) {
      throw new AppError(401, 'invalid_refresh_token');
    }
    if (now.getTime() - row.rotatedAt.getTime() >= REFRESH_TOKEN_POLICY.reuseGraceMs) {
      await revokeFamily(row.familyId, now);
      throw new AppError(401, 'refresh_token_reused');
    }
    // A race between two tabs or a retried request: the answer the first request got, again.
    const refreshToken = successorOf(token);
    const successor = await findRefreshTokenByHash(db, hashToken(refreshToken));
    if (!successor || successor.id !== row.replacedBy || successor.revokedAt !== null) {
      throw new AppError(401, 'invalid_refresh_token');
    }
    return {
      userId: row.userId,
      familyId: row.familyId,
      refreshToken,
      successorId: successor.id,
      rotatedAt: row.rotatedAt,
      expiresAt: row.expiresAt,
    };
  }

  /** Ends the sign-in the token belongs to. Unknown, expired or revoked tokens are fine: nothing to do. */
  async function revokeFamilyOf(token: string): Promise<void> {
    const row = await findRefreshTokenByHash(db, hashToken(token));
    if (row) await revokeFamily(row.familyId, clock.now());
  }

  return { startFamily, rotate, revokeFamilyOf };
}

export type RefreshTokenService = ReturnType<typeof createRefreshTokenService>;
