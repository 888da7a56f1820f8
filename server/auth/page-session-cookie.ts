import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageSessionCookie } from '../../page-contract/page-session-cookie';
import type { AccessTokenClaims } from './access-token';
import { issuePageSessionToken, type PageSessionSubject, verifyPageSessionToken } from './page-session-token';
import type { SessionService } from './sessions.service';

/**
 * The page-session cookie (page-contract/page-session-cookie.ts) on the wire. HttpOnly: no script of the
 * page can read it. SameSite=Lax: sent when a link from elsewhere opens a page, not with another site's
 * requests. Secure whenever the request came over https (as the client page's cookies decide; plain http
 * is a developer's machine or a test). Path=/ so that every page address gets it.
 */
function attributes(request: FastifyRequest, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** Sets the cookie for a sign-in, a registration or a refresh: it ends when the sign-in does. */
export async function setPageSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  subject: PageSessionSubject,
  keys: { secret: string; now: Date },
): Promise<void> {
  const token = await issuePageSessionToken(subject, keys);
  const maxAge = Math.max(0, Math.floor((subject.expiresAt.getTime() - keys.now.getTime()) / 1000));
  reply.header('set-cookie', `${pageSessionCookie.name}=${token}; ${attributes(request, maxAge)}`);
}

/** Clears the cookie (sign-out, or a refresh the server refused). */
export function clearPageSessionCookie(reply: FastifyReply, request: FastifyRequest): void {
  reply.header('set-cookie', `${pageSessionCookie.name}=; ${attributes(request, 0)}`);
}

/**
 * The sign-in a page request comes with, or null: no cookie, a token that does not verify (forged, of
 * another kind, expired), or a sign-in that has ended (signed out, revoked, its user gone).
 */
export async function readPageSession(
  cookieHeader: string | undefined,
  { secret, now, sessions }: { secret: string; now: Date; sessions: Pick<SessionService, 'isLive'> },
): Promise<AccessTokenClaims | null> {
  const token = cookieValue(cookieHeader, pageSessionCookie.name);
  if (!token) return null;
  const claims = await verifyPageSessionToken(token, { secret, now });
  if (!claims) return null;
  return (await sessions.isLive(claims)) ? claims : null;
}

/** A cookie's value, or undefined when it is absent or empty (an expired cookie may linger empty). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      return pair.slice(separator + 1).trim() || undefined;
    }
  }
  return undefined;
}
