import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IS_PUBLIC, type Principal, REQUIRED_ROLES } from '../../platform/http/auth-decorators.js';
import { createValidationPipe } from '../../platform/http/validation.pipe.js';
import { MESSAGES } from '../users/domain/user-policy.js';
import type { Role } from '../users/domain/roles.js';
import type { User } from '../users/user.entity.js';
import { AUTH_MESSAGES } from './auth.service.js';
import { LoginDto } from './dto/auth.dto.js';
import { AccessTokenStrategy, bearerToken } from './strategies/access-token.strategy.js';
import { PasswordStrategy } from './strategies/password.strategy.js';
import { runStrategy } from './strategies/run-strategy.js';

type AuthRequest = FastifyRequest & { principal?: Principal; user?: User };

function requestAndReply(context: ExecutionContext): [AuthRequest, FastifyReply] {
  const http = context.switchToHttp();
  return [http.getRequest<AuthRequest>(), http.getResponse<FastifyReply>()];
}

/** Every route needs a valid access token of a staff role unless marked @Public(); @Roles narrows further. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly accessTokens: AccessTokenStrategy,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const [request, reply] = requestAndReply(context);
    const { user: principal, info } = await runStrategy<Principal>(this.accessTokens, request, reply);
    if (!principal) throw new UnauthorizedException(refusal(request, info));

    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets);
    if (roles && !roles.includes(principal.role)) throw new ForbiddenException(MESSAGES.superadminOnly);
    request.principal = principal;
    return true;
  }
}

/** Why an access token was refused before its session was looked at. */
function refusal(request: FastifyRequest, info: unknown): string {
  if (!bearerToken(request.headers.authorization)) return AUTH_MESSAGES.loginRequired;
  return (info as Error | undefined)?.name === 'TokenExpiredError'
    ? AUTH_MESSAGES.sessionExpired
    : AUTH_MESSAGES.invalidToken;
}

/**
 * On a public route that may still name a session (logout): the principal of a valid access token, if any; an
 * absent, invalid or expired one is no error.
 */
@Injectable()
export class OptionalAccessTokenGuard implements CanActivate {
  constructor(private readonly accessTokens: AccessTokenStrategy) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const [request, reply] = requestAndReply(context);
    const outcome = await runStrategy<Principal>(this.accessTokens, request, reply).catch(() => undefined);
    request.principal = outcome?.user || undefined;
    return true;
  }
}

/**
 * Sign-in with e-mail and password: the body is validated first, with the same rules and errors as any other
 * body (Passport would answer a missing field with a bare 401), then PasswordStrategy checks it and the signed-in
 * account is left on request.user.
 */
@Injectable()
export class SignInGuard implements CanActivate {
  private readonly validation = createValidationPipe();

  constructor(private readonly passwords: PasswordStrategy) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const [request, reply] = requestAndReply(context);
    request.body = await this.validation.transform(request.body, { type: 'body', metatype: LoginDto });
    const { user } = await runStrategy<User>(this.passwords, request, reply);
    // The strategy answers every refusal itself; this is only reached if it stops answering so.
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.invalidCredentials);
    request.user = user;
    return true;
  }
}
