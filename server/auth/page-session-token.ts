import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_ISSUER, type AccessTokenClaims, signInClaimsOf } from './access-token';
import { hmacKeyOf } from './hmac-key';

/**
 * The page-session cookie's token: an HS256 JWT of its own audience and use, signed with a key derived
 * from the server's secret, so it never passes as an access token (nor an access token as it), and only
 * the page renderer accepts it. It names the sign-in (`sid`), which the renderer checks is still live,
 * so a sign-out anywhere stops it at once, like the access tokens of that sign-in.
 */
const AUDIENCE = 'nechasim-page';
const TOKEN_USE = 'page';
const ALGORITHM = 'HS256';

/** The sign-in a page session belongs to, and when it ends (the refresh token family's expiry). */
export interface PageSessionSubject extends AccessTokenClaims {
  expiresAt: Date;
}

const keys = new Map<string, Uint8Array<ArrayBuffer>>();

function keyOf(secret: string): Uint8Array<ArrayBuffer> {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', secret).update('nechasim page session').digest());
    keys.set(secret, key);
  }
  return key;
}

/** The page sessions' key, imported once per secret (hmac-key.ts). */
function cryptoKeyOf(secret: string) {
  return hmacKeyOf('page', secret, () => keyOf(secret));
}

export async function issuePageSessionToken(
  { userId, sessionId, expiresAt }: PageSessionSubject,
  { secret, now }: { secret: string; now: Date },
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ use: TOKEN_USE, sid: sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await cryptoKeyOf(secret));
}

/** The claims of a valid page-session token, or null for anything else (never throws for bad tokens). */
export async function verifyPageSessionToken(
  token: string,
  { secret, now }: { secret: string; now: Date },
): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await cryptoKeyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'sid', 'exp'],
      clockTolerance: 0,
    });
    return signInClaimsOf(payload, TOKEN_USE);
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
