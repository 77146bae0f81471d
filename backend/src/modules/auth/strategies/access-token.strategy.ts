import { createSecretKey } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { LruCache } from '../../../platform/cache/lru-cache.js';
import type { Principal } from '../../../platform/http/auth-decorators.js';
import { type AccessClaims, AUTH_MESSAGES, AuthService } from '../auth.service.js';
import { privateRegistry } from './run-strategy.js';

/** The access token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}

/** How many verified access tokens a process remembers: a few for each member of staff signed in. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** An access token's claims as verified: with the expiry jsonwebtoken checked. */
type VerifiedClaims = AccessClaims & { exp: number };

/**
 * Access tokens: an HS256 JWT signed with JWT_SECRET and not expired, of type access, whose session is live and
 * whose account is still staff (AuthService.checkSession). Refusals before the session check come back as the
 * strategy's info for the guard to word.
 *
 * A token's signature is checked once: its claims are kept by the token's text until it expires (a token is the same
 * text for as long as it lives, and checking its signature cost about a sixth of a kept page's answer). Its session
 * is checked on every request all the same.
 */
@Injectable()
export class AccessTokenStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly verified = new LruCache<string, VerifiedClaims>(VERIFIED_TOKENS_KEPT);

  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super({
      jwtFromRequest: (request: FastifyRequest) => bearerToken(request.headers.authorization),
      // A key object, as the JwtModule that signs them uses: given a string or buffer, jsonwebtoken first tries it
      // as a public key on every verify. Its typings know only strings and buffers.
      secretOrKey: createSecretKey(Buffer.from(config.JWT_SECRET, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      passReqToCallback: true,
    });
  }

  /** A token verified before answers from its kept claims while it has not expired; any other, through passport-jwt. */
  override authenticate(request: Pick<FastifyRequest, 'headers'>, options?: object): void {
    const token = bearerToken(request.headers.authorization);
    const claims = token === null ? undefined : this.verified.get(token);
    // jsonwebtoken's own test: a token is expired from the second of its exp on.
    if (claims === undefined || Math.floor(Date.now() / 1000) >= claims.exp) {
      super.authenticate(request as never, options);
      return;
    }
    this.principalOf(claims).then(
      (principal) => this.success(principal),
      (error: unknown) => this.error(error as Error),
    );
  }

  /** Called by passport-jwt with the claims of a token whose signature and expiry it has just checked. */
  async validate(request: FastifyRequest, claims: AccessClaims & { exp?: number }): Promise<Principal> {
    const principal = await this.principalOf(claims);
    const token = bearerToken(request.headers.authorization);
    if (token !== null && typeof claims.exp === 'number') this.verified.set(token, claims as VerifiedClaims);
    return principal;
  }

  /** Where @nestjs/passport registers the strategy: not Passport's process-wide registry (see runStrategy). */
  getPassportInstance() {
    return privateRegistry();
  }

  private async principalOf(claims: AccessClaims): Promise<Principal> {
    if (claims.typ !== 'access' || typeof claims.sid !== 'string') {
      throw new UnauthorizedException(AUTH_MESSAGES.invalidToken);
    }
    return this.auth.checkSession(claims.sid, Number(claims.sub));
  }
}
