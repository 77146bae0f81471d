import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { LruCache } from '../../platform/cache/lru-cache.js';
import { AccountEvents } from '../../platform/events/account-events.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import type { Principal } from '../../platform/http/auth-decorators.js';
import { AccessVersion } from '../users/access-version.service.js';
import { isStaff, type Role } from '../users/domain/roles.js';
import type { User } from '../users/user.entity.js';
import { toUserDto, UsersService } from '../users/users.service.js';
import { generateRefreshToken, hashRefreshToken } from './domain/refresh-token.js';
import type { AuthSessionDto } from './dto/auth.dto.js';
import { PasswordGuesses } from '../../platform/redis/password-guesses.js';
import { AuthSession, RefreshToken } from './session.entity.js';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  adminRequired: 'Access denied. Admin privileges required.',
  loginRequired: 'Please login to continue.',
  sessionExpired: 'Session expired. Please login again.',
  invalidToken: 'Invalid or malformed token. Please login again.',
} as const;

/** How many checked sessions each process keeps, and for how long at most (a safety net behind the version). */
const CHECKED_SESSIONS_MAX = 10_000;
const CHECKED_SESSION_TTL_MS = 60_000;

interface CheckedSession {
  principal: Principal;
  /** The access version it was checked under. */
  version: string;
  checkedAt: number;
}

/** What an access token carries; AccessTokenStrategy checks it. */
export interface AccessClaims {
  sub: string;
  role: string;
  sid: string;
  typ: 'access';
}

@Injectable()
export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly jwt: JwtService,
    private readonly users: UsersService,
    private readonly passwordGuesses: PasswordGuesses,
    private readonly access: AccessVersion,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    accountEvents: AccountEvents,
  ) {
    accountEvents.onPasswordChange((em, userId, keptSessionId) => this.endOtherSessions(em, userId, keptSessionId));
  }

  /** Sessions this process found live. */
  private readonly checked = new LruCache<string, CheckedSession>(CHECKED_SESSIONS_MAX);

  /**
   * The staff account an e-mail and password sign in, counted against the sign-in limits per client address and
   * per e-mail: 429 over a limit, 401 for wrong credentials (the same for an unknown e-mail), 403 for role user.
   */
  async verifySignIn(email: string, password: string, clientIp: string): Promise<User> {
    await this.passwordGuesses.countAttempt(clientIp, email);
    const user = await this.users.verifyCredentials(email, password);
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.invalidCredentials);
    await this.passwordGuesses.recordSuccess(email);
    if (!isStaff(user.role)) throw new ForbiddenException(AUTH_MESSAGES.adminRequired);
    return user;
  }

  /** A new session for a staff account that has just signed in, with its first pair of tokens. */
  async startSession(user: User): Promise<AuthSessionDto> {
    const session = this.em.create(AuthSession, {
      id: randomUUID(),
      user,
      expiresAt: new Date(Date.now() + this.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    return this.issue(session, user);
  }

  /**
   * Rotates a refresh token. A token that was already used means it leaked (or a client raced itself):
   * the whole session is revoked, so neither holder can go on.
   */
  async refresh(refreshToken: string): Promise<AuthSessionDto> {
    const tokenHash = hashRefreshToken(refreshToken);
    const claimed = await this.em.execute<{ session_id: string }[]>(
      `update refresh_token set used_at = now() where token_hash = ? and used_at is null returning session_id`,
      [tokenHash],
    );
    if (claimed.length === 0) {
      const known = await this.em.findOne(RefreshToken, { tokenHash }, { fields: ['session'] });
      if (known) await this.revokeSession(known.session.id, 'refresh-token-reuse');
      throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    }
    const session = await this.em.findOneOrFail(AuthSession, { id: claimed[0].session_id }, { populate: ['user'] });
    if (session.revokedAt || session.expiresAt <= new Date()) {
      throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    }
    if (!isStaff(session.user.role)) {
      await this.revokeSession(session.id, 'role-changed');
      throw new ForbiddenException(AUTH_MESSAGES.adminRequired);
    }
    return this.issue(session, session.user);
  }

  /** Ends the session named by the access token or owning the refresh token, whichever is given. */
  async logout(principal: Principal | undefined, refreshToken: string | undefined): Promise<void> {
    if (principal) await this.revokeSession(principal.sessionId, 'logout');
    if (refreshToken) {
      const known = await this.em.findOne(
        RefreshToken,
        { tokenHash: hashRefreshToken(refreshToken) },
        { fields: ['session'] },
      );
      if (known) await this.revokeSession(known.session.id, 'logout');
    }
  }

  /**
   * The principal of a live session of a staff account; throws 401 or 403 otherwise. Every request comes here, so
   * a session found live is kept in the process under the access version, which every revocation, role change and
   * deletion bumps (a shared version: no round trip while the process hears it), instead of a database query.
   */
  async checkSession(sessionId: string, userId: number): Promise<Principal> {
    // Read before the database, so that a write landing during the query leaves this check stale, never kept.
    const version = await this.access.current();
    const known = this.checked.get(sessionId);
    if (
      known &&
      known.version === version &&
      Date.now() - known.checkedAt < CHECKED_SESSION_TTL_MS &&
      known.principal.userId === userId
    ) {
      return known.principal;
    }
    const principal = await this.readSession(sessionId, userId);
    this.checked.set(sessionId, { principal, version, checkedAt: Date.now() });
    return principal;
  }

  private async readSession(sessionId: string, userId: number): Promise<Principal> {
    // One lean query, no entities to hydrate.
    const [session] = await this.em.getConnection().execute<{ userId: number; role: Role; revoked: boolean }[]>(
      `select u."id" as "userId", u."role", s."revoked_at" is not null as "revoked"
       from "auth_session" s join "users" u on u."id" = s."user_id" where s."id" = ?`,
      [sessionId],
    );
    if (!session || session.revoked || session.userId !== userId)
      throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    if (!isStaff(session.role)) throw new ForbiddenException(AUTH_MESSAGES.adminRequired);
    return { userId: session.userId, role: session.role, sessionId };
  }

  /** Drops sessions that can no longer be refreshed; run by the worker. */
  async purgeExpiredSessions(): Promise<number> {
    const retentionStart = new Date(Date.now() - 7 * 86_400_000);
    return this.em.fork().nativeDelete(AuthSession, {
      $or: [{ expiresAt: { $lt: new Date() } }, { revokedAt: { $lt: retentionStart } }],
    });
  }

  /**
   * Revokes every session of the account but the kept one, in the caller's transaction: their refresh tokens stop
   * working, and so do their access tokens once the caller bumps the access version after committing.
   */
  private async endOtherSessions(em: EntityManager, userId: number, keptSessionId: string): Promise<void> {
    await em.nativeUpdate(
      AuthSession,
      { user: userId, id: { $ne: keptSessionId }, revokedAt: null },
      { revokedAt: new Date(), revokedReason: 'password-changed' },
    );
  }

  private async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.em
      .fork()
      .nativeUpdate(AuthSession, { id: sessionId, revokedAt: null }, { revokedAt: new Date(), revokedReason: reason });
    await this.access.bump();
  }

  private async issue(session: AuthSession, user: User): Promise<AuthSessionDto> {
    const refreshToken = generateRefreshToken();
    this.em.create(RefreshToken, { tokenHash: hashRefreshToken(refreshToken), session });
    await this.em.flush();
    const claims: AccessClaims = { sub: String(user.id), role: user.role, sid: session.id, typ: 'access' };
    const token = await this.jwt.signAsync(claims, {
      algorithm: 'HS256',
      expiresIn: this.config.ACCESS_TOKEN_TTL_SECONDS,
    });
    return { user: toUserDto(user), token, refreshToken, expiresIn: this.config.ACCESS_TOKEN_TTL_SECONDS };
  }
}
