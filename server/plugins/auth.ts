import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AccessTokenClaims, verifyAccessToken } from '../auth/access-token';
import type { SessionService } from '../auth/sessions.service';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { AppError } from '../http/app-error';

export type { AccessTokenClaims } from '../auth/access-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by bearerAuth on operations that require it; null elsewhere. */
    auth: AccessTokenClaims | null;
  }
}

export interface AuthContext {
  config: AppConfig;
  clock: Clock;
  sessions: SessionService;
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
      const claims = await verifyAccessToken(token, {
        secret: context.config.jwtSecret,
        now: () => context.clock.now(),
      });
      // A signed, unexpired token of a sign-in that was logged out or revoked counts as no token, and
      // so does one of a user who is no longer there (their sessions go with them): without this the
      // first insert naming them as owner failed its foreign key, a 500.
      if (!claims || !(await context.sessions.isLive(claims))) {
        throw new AppError(401, 'unauthorized', {
          headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
        });
      }
      request.auth = claims;
    },
  };
}
