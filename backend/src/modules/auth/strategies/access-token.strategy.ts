import { createSecretKey } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import type { Principal } from '../../../platform/http/auth-decorators.js';
import { type AccessClaims, AUTH_MESSAGES, AuthService } from '../auth.service.js';
import { privateRegistry } from './run-strategy.js';

/** The access token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}

/**
 * Access tokens: an HS256 JWT signed with JWT_SECRET and not expired, of type access, whose session is live and
 * whose account is still staff (AuthService.checkSession). Refusals before the session check come back as the
 * strategy's info for the guard to word.
 */
@Injectable()
export class AccessTokenStrategy extends PassportStrategy(Strategy, 'jwt') {
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
    });
  }

  validate(claims: AccessClaims): Promise<Principal> {
    if (claims.typ !== 'access' || typeof claims.sid !== 'string') {
      throw new UnauthorizedException(AUTH_MESSAGES.invalidToken);
    }
    return this.auth.checkSession(claims.sid, Number(claims.sub));
  }

  /** Where @nestjs/passport registers the strategy: not Passport's process-wide registry (see runStrategy). */
  getPassportInstance() {
    return privateRegistry();
  }
}
