import { createHash, randomBytes } from 'node:crypto';

/** An opaque refresh token: 256 random bits, base64url. Only its hash is stored. */
export function generateRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
