import { describe, expect, it } from 'vitest';
import { isTokenExpired, tokenExpiresAt } from './jwt.ts';

function fakeJwt(payload: object): string {
  const encode = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

describe('tokenExpiresAt', () => {
  it('reads the exp claim in milliseconds', () => {
    expect(tokenExpiresAt(fakeJwt({ sub: '1', exp: 1_700_000_000 }))).toBe(1_700_000_000_000);
  });

  it('decodes base64url payloads that need padding and use url-safe characters', () => {
    // "name" with characters that encode to '-' and '_' in base64url.
    const token = fakeJwt({ name: '??>>~~ 배우', exp: 2_000_000_001 });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(tokenExpiresAt(token)).toBe(2_000_000_001_000);
  });

  it('returns null for tokens without a readable exp', () => {
    expect(tokenExpiresAt('not-a-jwt')).toBeNull();
    expect(tokenExpiresAt('a.%%%.c')).toBeNull();
    expect(tokenExpiresAt(fakeJwt({ sub: '1' }))).toBeNull();
    expect(tokenExpiresAt(fakeJwt({ exp: '1700000000' }))).toBeNull();
  });
});

describe('isTokenExpired', () => {
  const exp = 1_700_000_000;
  const token = fakeJwt({ exp });

  it('is false before exp and true at or after it', () => {
    expect(isTokenExpired(token, exp * 1000 - 1)).toBe(false);
    expect(isTokenExpired(token, exp * 1000)).toBe(true);
  });

  it('counts a token inside the margin as expired', () => {
    expect(isTokenExpired(token, exp * 1000 - 30_000, 60_000)).toBe(true);
    expect(isTokenExpired(token, exp * 1000 - 90_000, 60_000)).toBe(false);
  });

  it('treats an unreadable token as expired', () => {
    expect(isTokenExpired('garbage', 0)).toBe(true);
  });
});
