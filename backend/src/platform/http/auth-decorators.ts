import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '../domain/roles.js';

/** Who is calling: set by the authentication guard on every non-public route. */
export interface Principal {
  userId: number;
  role: Role;
  sessionId: string;
}

export const IS_PUBLIC = 'auth:isPublic';
export const REQUIRED_ROLES = 'auth:roles';

/** The route needs no access token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Roles allowed on the route; without it any staff role (admin, superadmin) is allowed. */
export const Roles = (...roles: Role[]) => SetMetadata(REQUIRED_ROLES, roles);

export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const request = context.switchToHttp().getRequest<{ principal?: Principal }>();
  if (!request.principal) throw new Error('CurrentPrincipal used on a public route');
  return request.principal;
});
