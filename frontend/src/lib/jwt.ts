/** When the access token expires (ms since the epoch), read from its `exp` claim; null when unreadable. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    const exp: unknown = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * True when the token has expired or will within `marginMs`. A token whose expiry cannot be read is treated
 * as expired: the server would refuse it anyway, and refreshing is the way out.
 */
export function isTokenExpired(token: string, now: number, marginMs = 0): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === null || expiresAt - marginMs <= now;
}
