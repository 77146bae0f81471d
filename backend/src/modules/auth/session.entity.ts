import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/**
 * One sign-in. Its refresh tokens form a chain: each refresh uses one token and issues the next.
 * Revoking the session ends the whole chain and every access token that names it.
 */
export const AuthSessionSchema = defineEntity({
  name: 'AuthSession',
  tableName: 'auth_session',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    createdAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    revokedReason: p.string().length(50).nullable(),
  },
});
export class AuthSession extends AuthSessionSchema.class {}
AuthSessionSchema.setClass(AuthSession);

/** A refresh token, kept only as its SHA-256 hash. */
export const RefreshTokenSchema = defineEntity({
  name: 'RefreshToken',
  tableName: 'refresh_token',
  properties: {
    tokenHash: p.string().length(64).primary(),
    session: () => p.manyToOne(AuthSession).deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    usedAt: p.datetime().nullable(),
  },
});
export class RefreshToken extends RefreshTokenSchema.class {}
RefreshTokenSchema.setClass(RefreshToken);
