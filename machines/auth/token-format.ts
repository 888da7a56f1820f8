/**
 * Spec 5 "Other": a token is well-formed if it has three dot-separated URL-safe segments.
 * Empty segments are refused: an unsigned token ("header.payload.") is never one we issued.
 */
const URL_SAFE_SEGMENT = '[A-Za-z0-9_-]+';
const WELL_FORMED_TOKEN = new RegExp(`^${URL_SAFE_SEGMENT}\\.${URL_SAFE_SEGMENT}\\.${URL_SAFE_SEGMENT}$`);

export function isWellFormedToken(token: unknown): token is string {
  return typeof token === 'string' && WELL_FORMED_TOKEN.test(token);
}
