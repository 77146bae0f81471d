import { generateRefreshToken, hashRefreshToken } from './refresh-token.js';

describe('refresh tokens', () => {
  it('are long, random and URL-safe', () => {
    const a = generateRefreshToken();
    const b = generateRefreshToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toEqual(b);
  });

  it('hash to a stable 64-character hex digest that differs from the token', () => {
    const token = generateRefreshToken();
    expect(hashRefreshToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRefreshToken(token)).toEqual(hashRefreshToken(token));
    expect(hashRefreshToken(token)).not.toContain(token);
    expect(hashRefreshToken(`${token}x`)).not.toEqual(hashRefreshToken(token));
  });
});
