import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { IS_PUBLIC, type Principal, REQUIRED_ROLES } from '../../platform/http/auth-decorators.js';
import { MESSAGES } from '../users/domain/user-policy.js';
import type { Role } from '../users/domain/roles.js';
import { AUTH_MESSAGES, AuthService } from './auth.service.js';

/** Every route needs a valid access token of a staff role unless marked @Public(); @Roles narrows further. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const request = context.switchToHttp().getRequest<FastifyRequest & { principal?: Principal }>();
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new UnauthorizedException(AUTH_MESSAGES.loginRequired);
    const principal = await this.auth.authenticate(token);

    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets);
    if (roles && !roles.includes(principal.role)) throw new ForbiddenException(MESSAGES.superadminOnly);
    request.principal = principal;
    return true;
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}
