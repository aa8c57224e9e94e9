import { describe, expect, it } from 'vitest';
import { isTokenExpired, isWellFormedToken, TOKEN_EXPIRY_MARGIN_MS } from '../../src/session/tokens';
import { makeToken, tokenExpiringIn } from './helpers';

const now = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('isTokenExpired', () => {
  it('counts a missing token as expired', () => {
    expect(isTokenExpired(null, now)).toBe(true);
    expect(isTokenExpired(undefined, now)).toBe(true);
    expect(isTokenExpired('', now)).toBe(true);
  });

  it('counts a token that cannot be decoded as expired', () => {
    expect(isTokenExpired('not-a-token', now)).toBe(true);
    expect(isTokenExpired('a.%%%.c', now)).toBe(true);
    expect(isTokenExpired(`a.${btoa('not json')}.c`, now)).toBe(true);
  });

  it('counts a token without a numeric exp as expired', () => {
    expect(isTokenExpired(makeToken({ sub: 'user-1' }), now)).toBe(true);
    expect(isTokenExpired(makeToken({ exp: 'tomorrow' }), now)).toBe(true);
  });

  it('counts a token expiring within the 30 s margin as expired', () => {
    expect(TOKEN_EXPIRY_MARGIN_MS).toBe(30_000);
    expect(isTokenExpired(tokenExpiringIn(-60, now), now)).toBe(true);
    expect(isTokenExpired(tokenExpiringIn(29, now), now)).toBe(true);
    expect(isTokenExpired(tokenExpiringIn(30, now), now)).toBe(true);
  });

  it('accepts a token with more than 30 s left', () => {
    expect(isTokenExpired(tokenExpiringIn(31, now), now)).toBe(false);
    expect(isTokenExpired(tokenExpiringIn(15 * 60, now), now)).toBe(false);
  });
});

describe('isWellFormedToken', () => {
  it('needs three non-empty dot-separated parts', () => {
    expect(isWellFormedToken('a.b.c')).toBe(true);
    expect(isWellFormedToken(tokenExpiringIn(60))).toBe(true);
    expect(isWellFormedToken('a.b')).toBe(false);
    expect(isWellFormedToken('a..c')).toBe(false);
    expect(isWellFormedToken('a.b.c.d')).toBe(false);
    expect(isWellFormedToken(undefined)).toBe(false);
    expect(isWellFormedToken(42)).toBe(false);
  });
});
