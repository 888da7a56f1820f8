import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { AppError } from '../http/app-error';

/** Who the bearer of a valid access token is. */
export interface AccessTokenClaims {
  userId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by bearerAuth on operations that require it; null elsewhere. */
    auth: AccessTokenClaims | null;
  }
}

export interface AuthContext {
  config: AppConfig;
  clock: Clock;
}

/**
 * Hook point for the sign-in work: verify the JWT (signature with config.jwtSecret, expiry against
 * clock.now()) and return its claims, or null for any token that is not valid. Until then no
 * token is valid, so every protected operation answers 401.
 */
export async function verifyAccessToken(
  _token: string,
  _context: AuthContext,
): Promise<AccessTokenClaims | null> {
  return null;
}

export type SecurityHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * One handler per security scheme of the contract, by scheme name. They run as the route's first
 * onRequest hook: an unauthenticated caller is turned away before its body is even read.
 */
export function createSecurityHandlers(context: AuthContext): Record<string, SecurityHandler> {
  return {
    async bearerAuth(request) {
      const match = /^Bearer[ ]+([^\s]+)$/i.exec(request.headers.authorization ?? '');
      const token = match?.[1];
      if (!token) {
        throw new AppError(401, 'unauthorized', { headers: { 'WWW-Authenticate': 'Bearer' } });
      }
      const claims = await verifyAccessToken(token, context);
      if (!claims) {
        throw new AppError(401, 'unauthorized', {
          headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
        });
      }
      request.auth = claims;
    },
  };
}
