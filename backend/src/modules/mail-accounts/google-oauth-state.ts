import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Redis } from 'ioredis';
import { REDIS } from '../../platform/redis/redis.module.js';

const STATE_TTL_SECONDS = 600;

interface StateClaims {
  typ: 'google-oauth';
  sub: string;
  /** The session the flow was started from: it must still be live when Google sends the visitor back. */
  sid: string;
  jti: string;
  /** The consent runs in a pop-up window: the callback's page then hands the outcome to the window that opened it. */
  pop: boolean;
  /** The flow signs an existing account in again. */
  re: boolean;
  /** SHA-256 of the nonce kept in the starting browser's cookie. */
  bnd: string;
}

export interface StartedConnect {
  state: string;
  /** Goes into an HttpOnly cookie of the browser that started, so only that browser can finish. */
  browserNonce: string;
}

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * The OAuth `state` of a Google connect: signed, naming the staff member who started it, bound to their browser,
 * valid for 10 minutes, and usable once.
 */
@Injectable()
export class GoogleOAuthState {
  constructor(
    private readonly jwt: JwtService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  static readonly ttlSeconds = STATE_TTL_SECONDS;

  /** `reauth`: the account is signed in again (its outcome says re-authenticated), not connected anew. */
  async start(userId: number, sessionId: string, popup: boolean, reauth = false): Promise<StartedConnect> {
    const jti = randomBytes(16).toString('base64url');
    const browserNonce = randomBytes(24).toString('base64url');
    const claims: StateClaims = {
      typ: 'google-oauth',
      sub: String(userId),
      sid: sessionId,
      jti,
      pop: popup,
      re: reauth,
      bnd: hash(browserNonce),
    };
    const state = await this.jwt.signAsync(claims, { algorithm: 'HS256', expiresIn: STATE_TTL_SECONDS });
    await this.redis.set(this.key(jti), '1', 'EX', STATE_TTL_SECONDS);
    return { state, browserNonce };
  }

  /** Who started the flow, or null when the state is forged, expired, replayed or from another browser. */
  async finish(
    state: string,
    browserNonce: string | undefined,
  ): Promise<{ userId: number; sessionId: string; popup: boolean; reauth: boolean } | null> {
    let claims: StateClaims;
    try {
      claims = await this.jwt.verifyAsync<StateClaims>(state, { algorithms: ['HS256'] });
    } catch {
      return null;
    }
    if (
      claims.typ !== 'google-oauth' ||
      typeof claims.sid !== 'string' ||
      !browserNonce ||
      hash(browserNonce) !== claims.bnd
    )
      return null;
    // Used once: whoever deletes the key first wins.
    const fresh = await this.redis.del(this.key(claims.jti));
    return fresh === 1
      ? { userId: Number(claims.sub), sessionId: claims.sid, popup: claims.pop === true, reauth: claims.re === true }
      : null;
  }

  private key(jti: string): string {
    return `google-oauth-state:${jti}`;
  }
}
