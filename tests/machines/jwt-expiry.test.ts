import { decodeBase64Url, decodeJwtPayload, getJwtExpiry, isExpiringWithin } from '@machines/auth/jwt-expiry';
import { isWellFormedToken } from '@machines/auth/token-format';
import { describe, expect, it } from 'vitest';
import { FIXED_NOW, MINUTE, makeJwt } from './fixtures/auth-tokens';

describe('isWellFormedToken', () => {
  it.each([
    ['eyJh.eyJz.c2ln', true],
    ['a-_b.C_9.z', true],
    ['only.two', false],
    ['a.b.c.d', false],
    ['a..c', false],
    ['a.b.', false],
    ['a+b.c.d', false],
    ['a/b.c.d=', false],
    [' a.b.c', false],
  ])('%s → %s', (token, expected) => {
    expect(isWellFormedToken(token)).toBe(expected);
  });

  it('refuses non-strings', () => {
    expect(isWellFormedToken(null)).toBe(false);
    expect(isWellFormedToken(42)).toBe(false);
  });
});

describe('decodeBase64Url', () => {
  it('decodes every remainder length, with or without padding, like Node does', () => {
    for (const text of ['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar', 'נכסים ✓', '\u00ff\u00fe?>']) {
      const encoded = Buffer.from(text, 'utf8').toString('base64url');
      expect(Buffer.from(decodeBase64Url(encoded) ?? []).toString('utf8')).toBe(text);
      const padded = Buffer.from(text, 'utf8').toString('base64').replaceAll('+', '-').replaceAll('/', '_');
      expect(Buffer.from(decodeBase64Url(padded) ?? []).toString('utf8')).toBe(text);
    }
  });

  it('refuses characters outside the URL-safe alphabet and impossible lengths', () => {
    expect(decodeBase64Url('ab+c')).toBeNull();
    expect(decodeBase64Url('abcde')).toBeNull();
  });
});

describe('JWT expiry', () => {
  it('reads claims, including non-ASCII ones', () => {
    expect(decodeJwtPayload(makeJwt({ sub: 'u', name: 'דנה' }))).toEqual({ sub: 'u', name: 'דנה' });
  });

  it('returns null for payloads that are not JSON objects', () => {
    const encode = (value: string) => Buffer.from(value).toString('base64url');
    expect(decodeJwtPayload(`x.${encode('[1,2]')}.s`)).toBeNull();
    expect(decodeJwtPayload(`x.${encode('not json')}.s`)).toBeNull();
    expect(decodeJwtPayload('not-a-jwt')).toBeNull();
  });

  it('converts exp from seconds to milliseconds', () => {
    expect(getJwtExpiry(makeJwt({ exp: 1_700_000_000 }))).toBe(1_700_000_000_000);
    expect(getJwtExpiry(makeJwt({ exp: '1700000000' }))).toBeNull();
    expect(getJwtExpiry(makeJwt({ sub: 'no-exp' }))).toBeNull();
  });

  it('treats expired and within-window tokens as expiring, and tokens without exp as not', () => {
    const expiresIn = (minutes: number) => makeJwt({ exp: (FIXED_NOW + minutes * MINUTE) / 1000 });
    const window = 5 * MINUTE;
    expect(isExpiringWithin(expiresIn(-1), FIXED_NOW, window)).toBe(true);
    expect(isExpiringWithin(expiresIn(5), FIXED_NOW, window)).toBe(true);
    expect(isExpiringWithin(expiresIn(5.5), FIXED_NOW, window)).toBe(false);
    expect(isExpiringWithin(makeJwt({ sub: 'x' }), FIXED_NOW, window)).toBe(false);
  });
});
