import type { webcrypto } from 'node:crypto';
import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { hmacKeyOf } from './hmac-key';

/**
 * Short-lived access tokens: HS256 JWTs with issuer, audience, expiry and a token-use claim, so no
 * other token this server makes (or another service with the same key) passes as an access token.
 * Verification allows exactly one algorithm: `alg: none` and key-confusion tricks never verify.
 */
export const ACCESS_TOKEN_ISSUER = 'nechasim';
export const ACCESS_TOKEN_AUDIENCE = 'nechasim-app';
const ALGORITHM = 'HS256';
const TOKEN_USE = 'access';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user and sign-in a verified token of this `use` names (a sign-in's tokens: access and page
 * session), or null when its use differs or its subject or sign-in is not well formed.
 */
export function signInClaimsOf(payload: JWTPayload, use: string): AccessTokenClaims | null {
  if (payload.use !== use || typeof payload.sub !== 'string') return null;
  if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
  return { userId: payload.sub, sessionId: payload.sid };
}

export interface AccessTokenClaims {
  userId: string;
  /** The sign-in it belongs to (`sid`): the sessions row every request checks is still live. */
  sessionId: string;
}

/** What an access token says; the token id and time default to fresh ones. */
export interface AccessTokenSubject extends AccessTokenClaims {
  /**
   * Given for a rotation, so that a replay of the same rotation signs the very same token
   * (HS256 is deterministic): the successor's id and the time of the rotation.
   */
  tokenId?: string;
  issuedAt?: Date;
}

export interface AccessTokenKeys {
  secret: string;
  now: () => Date;
}

function keyOf(secret: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(secret);
}

/** The access tokens' key, imported once per secret (hmac-key.ts). */
function cryptoKeyOf(secret: string): Promise<webcrypto.CryptoKey> {
  return hmacKeyOf('access', secret, () => keyOf(secret));
}

export async function issueAccessToken(
  { userId, sessionId, tokenId, issuedAt: at }: AccessTokenSubject,
  { secret, now, ttlSeconds }: AccessTokenKeys & { ttlSeconds: number },
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor((at ?? now()).getTime() / 1000);
  const expiresAt = issuedAt + ttlSeconds;
  const token = await new SignJWT({ use: TOKEN_USE, sid: sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .setExpirationTime(expiresAt)
    .setJti(tokenId ?? crypto.randomUUID())
    .sign(await cryptoKeyOf(secret));
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

/**
 * Tokens this process has verified, by their exact text: the same bytes under the same secret verify
 * the same way, so only the time claims are checked again. Verifying goes through WebCrypto, an
 * asynchronous job on libuv's thread pool, and under load each request waited for that round trip
 * (issue 26); a client sends one access token for its whole lifetime. Refused tokens are not kept.
 */
const verified = new Map<string, { secret: string; claims: AccessTokenClaims; nbf: number; exp: number }>();
const MAX_VERIFIED = 10_000;

/** The claims of a valid access token, or null for anything else (never throws for bad tokens). */
export async function verifyAccessToken(
  token: string,
  keys: AccessTokenKeys,
): Promise<AccessTokenClaims | null> {
  const known = verified.get(token);
  if (known && known.secret === keys.secret) {
    // jose's rules with no tolerance: valid from nbf, expired at exp (seconds).
    const now = Math.floor(keys.now().getTime() / 1000);
    return known.nbf <= now && now < known.exp ? known.claims : null;
  }
  const result = await verifyAccessTokenText(token, keys);
  if (result) {
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(token, { secret: keys.secret, ...result });
    return result.claims;
  }
  return null;
}

async function verifyAccessTokenText(
  token: string,
  { secret, now }: AccessTokenKeys,
): Promise<{ claims: AccessTokenClaims; nbf: number; exp: number } | null> {
  try {
    const { payload } = await jwtVerify(token, await cryptoKeyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      currentDate: now(),
      requiredClaims: ['sub', 'sid', 'exp', 'iat', 'nbf'],
      clockTolerance: 0,
    });
    const claims = signInClaimsOf(payload, TOKEN_USE);
    return claims && { claims, nbf: payload.nbf as number, exp: payload.exp as number };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
