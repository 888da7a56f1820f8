import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { issueAccessToken } from './access-token';
import { createRefreshTokenService } from './refresh-tokens.service';

export interface SignInTokens {
  jwtToken: string;
  refreshToken: string;
  userId: string;
}

export interface RefreshedTokens {
  accessToken: string;
  refreshToken: string;
}

/** The tokens a client holds: a short-lived access token and a rotating refresh token. */
export function createSignInTokens({
  db,
  clock,
  config,
}: {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'jwtSecret' | 'accessTokenTtlSeconds'>;
}) {
  const refreshTokens = createRefreshTokenService({ db, clock });

  async function accessTokenFor(userId: string): Promise<string> {
    const { token } = await issueAccessToken(userId, {
      secret: config.jwtSecret,
      now: () => clock.now(),
      ttlSeconds: config.accessTokenTtlSeconds,
    });
    return token;
  }

  return {
    /** A new sign-in. `executor` is the transaction that created the user, when there is one. */
    async signIn(executor: Db, userId: string): Promise<SignInTokens> {
      const refreshToken = await refreshTokens.startFamily(executor, userId);
      return { jwtToken: await accessTokenFor(userId), refreshToken, userId };
    },
    async refresh(refreshToken: string): Promise<RefreshedTokens> {
      const rotated = await refreshTokens.rotate(refreshToken);
      return { accessToken: await accessTokenFor(rotated.userId), refreshToken: rotated.refreshToken };
    },
    signOut: (refreshToken: string) => refreshTokens.revokeFamilyOf(refreshToken),
  };
}

export type SignInTokenService = ReturnType<typeof createSignInTokens>;
