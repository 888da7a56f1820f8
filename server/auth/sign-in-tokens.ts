import type { Tokens as SignInTokens } from '@openapi/schema';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { type AccessTokenSubject, issueAccessToken } from './access-token';
import type { PageSessionSubject } from './page-session-token';
import { createRefreshTokenService } from './refresh-tokens.service';

/** What a sign-in hands the client: the contract's Tokens. */
export type { Tokens as SignInTokens } from '@openapi/schema';

export interface RefreshedTokens {
  accessToken: string;
  refreshToken: string;
}

/** Tokens for the client, and the sign-in they belong to for the page-session cookie (not sent as data). */
export type WithPageSession<T> = T & { pageSession: PageSessionSubject };

/** The tokens a client holds: a short-lived access token and a rotating refresh token. */
export function createSignInTokens({
  db,
  clock,
  config,
  revocationHeard,
}: {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'jwtSecret' | 'accessTokenTtlSeconds'>;
  revocationHeard?: () => Promise<void>;
}) {
  const refreshTokens = createRefreshTokenService({ db, clock, secret: config.jwtSecret, revocationHeard });

  async function accessTokenFor(subject: AccessTokenSubject): Promise<string> {
    const { token } = await issueAccessToken(subject, {
      secret: config.jwtSecret,
      now: () => clock.now(),
      ttlSeconds: config.accessTokenTtlSeconds,
    });
    return token;
  }

  return {
    /** A new sign-in. `executor` is the transaction that created the user, when there is one. */
    async signIn(executor: Db, userId: string): Promise<WithPageSession<SignInTokens>> {
      const { refreshToken, familyId, expiresAt } = await refreshTokens.startFamily(executor, userId);
      return {
        jwtToken: await accessTokenFor({ userId, sessionId: familyId }),
        refreshToken,
        userId,
        pageSession: { userId, sessionId: familyId, expiresAt },
      };
    },
    /** Every answer to one rotation is the same pair: a replay in the grace window gets no new branch. */
    async refresh(refreshToken: string): Promise<WithPageSession<RefreshedTokens>> {
      const rotated = await refreshTokens.rotate(refreshToken);
      const accessToken = await accessTokenFor({
        userId: rotated.userId,
        sessionId: rotated.familyId,
        tokenId: rotated.successorId,
        issuedAt: rotated.rotatedAt,
      });
      return {
        accessToken,
        refreshToken: rotated.refreshToken,
        pageSession: { userId: rotated.userId, sessionId: rotated.familyId, expiresAt: rotated.expiresAt },
      };
    },
    signOut: (refreshToken: string) => refreshTokens.revokeFamilyOf(refreshToken),
  };
}

export type SignInTokenService = ReturnType<typeof createSignInTokens>;
