import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { AccountEvents } from '../../platform/events/account-events.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/crypto/password-hasher.js';
import type { Principal } from '../../platform/http/auth-decorators.js';
import { paginate } from '../../platform/http/pagination.js';
import { PasswordGuesses } from '../../platform/redis/password-guesses.js';
import { AccessVersion } from './access-version.service.js';
import { isStaff } from './domain/roles.js';
import {
  type Actor,
  canAccessUser,
  checkDeletion,
  checkRoleChange,
  MESSAGES,
  needsCurrentPassword,
  normaliseEmail,
  type PolicyRefusal,
} from './domain/user-policy.js';
import type { CreateUserDto, UpdateUserDto, UserDto, UserListDto } from './dto/user.dto.js';
import { User } from './user.entity.js';

function refuse(refusal: PolicyRefusal | null): void {
  if (!refusal) return;
  throw refusal.kind === 'forbidden' ? new ForbiddenException(refusal.message) : new ConflictException(refusal.message);
}

export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    role: user.role,
    isAdmin: isStaff(user.role),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

function wrongCurrentPassword(message: string): BadRequestException {
  return new BadRequestException({ message, details: { validation: [{ path: 'currentPassword', message }] } });
}

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: AccessVersion,
    private readonly accountEvents: AccountEvents,
    private readonly passwordGuesses: PasswordGuesses,
  ) {}

  async list(page: number, pageSize: number): Promise<UserListDto> {
    const [users, total] = await this.em.findAndCount(
      User,
      {},
      { orderBy: { id: 'asc' }, limit: pageSize, offset: (page - 1) * pageSize },
    );
    return { data: users.map(toUserDto), pagination: paginate(page, pageSize, total) };
  }

  async get(actor: Actor, id: number): Promise<UserDto> {
    refuse(canAccessUser(actor, id));
    return toUserDto(await this.load(this.em, id));
  }

  /** The user behind a principal, or null when the account is gone. */
  async findById(id: number): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  async create(input: CreateUserDto): Promise<UserDto> {
    const email = normaliseEmail(input.email);
    await this.assertUnique(this.em, email, input.username);
    const user = this.em.create(User, {
      name: input.name,
      username: input.username,
      email,
      passwordHash: await hashPassword(input.password),
      role: input.role ?? 'admin',
    });
    await this.em.flush();
    return toUserDto(user);
  }

  /**
   * A new password ends every other session of the account (the one making the change stays signed in); your own
   * needs your current password.
   */
  async update(actor: Principal, id: number, input: UpdateUserDto): Promise<UserDto> {
    refuse(canAccessUser(actor, id));
    if (input.password && needsCurrentPassword(actor, id)) await this.checkCurrentPassword(id, input.currentPassword);
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    let accessChanged = false;
    const updated = await this.em.transactional(async (em) => {
      const user = await this.load(em, id);
      const email = normaliseEmail(input.email);
      await this.assertUnique(em, email, input.username, id);
      if (input.role && input.role !== user.role) {
        refuse(checkRoleChange(actor, user, input.role, await this.lockSuperadmins(em)));
        user.role = input.role;
        accessChanged = true;
      }
      user.name = input.name;
      user.username = input.username;
      user.email = email;
      if (passwordHash) {
        user.passwordHash = passwordHash;
        // The auth module, which keeps the sessions, ends every other one of the account.
        await this.accountEvents.passwordChanged(em, id, actor.sessionId);
        accessChanged = true;
      }
      await em.flush();
      return toUserDto(user);
    });
    // A new role or an ended session takes effect at once, in every process.
    if (accessChanged) await this.access.bump();
    return updated;
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.em.transactional(async (em) => {
      const user = await this.load(em, id);
      refuse(checkDeletion(actor, user, await this.lockSuperadmins(em)));
      // Work the account left waiting (scheduled sends) stops with it.
      await this.accountEvents.deleting(em, id);
      em.remove(user);
      await em.flush();
    });
    await this.access.bump();
  }

  /** The account for these credentials, or null; takes the same time whether or not the e-mail exists. */
  async verifyCredentials(email: string, password: string): Promise<User | null> {
    const user = await this.em.findOne(User, { email: normaliseEmail(email) });
    if (!user) return verifyAgainstDummy(password).then(() => null);
    return (await verifyPassword(user.passwordHash, password)) ? user : null;
  }

  /**
   * On first start, creates the superadmin: from ADMIN_EMAIL/ADMIN_PASSWORD, or admin@jobcasting.local with a
   * random password written once to the data folder. Does nothing when a superadmin exists.
   */
  async ensureSuperadmin(): Promise<{ email: string; password?: string } | null> {
    const existing = await this.em.count(User, { role: 'superadmin' });
    if (existing > 0) return null;
    const email = normaliseEmail(this.config.ADMIN_EMAIL ?? 'admin@jobcasting.local');
    const generated = this.config.ADMIN_PASSWORD ? undefined : randomBytes(12).toString('base64url');
    const password = this.config.ADMIN_PASSWORD ?? generated!;
    const byEmail = await this.em.findOne(User, { email });
    if (byEmail) {
      byEmail.role = 'superadmin';
      byEmail.passwordHash = await hashPassword(password);
    } else {
      this.em.create(User, {
        name: 'Superadmin',
        username: await this.freeUsername(email.split('@')[0] || 'admin'),
        email,
        passwordHash: await hashPassword(password),
        role: 'superadmin',
      });
    }
    await this.em.flush();
    if (byEmail) await this.access.bump();
    if (generated) {
      await mkdir(this.config.DATA_DIR, { recursive: true });
      const file = join(this.config.DATA_DIR, 'superadmin-credentials.json');
      await writeFile(file, JSON.stringify({ email, password: generated }, null, 2) + '\n', { mode: 0o600 });
      this.logger.warn(`Created superadmin ${email}; its generated password is in ${file}`);
    } else {
      this.logger.log(`Created superadmin ${email} from ADMIN_EMAIL`);
    }
    return { email, password: generated };
  }

  private async checkCurrentPassword(id: number, currentPassword: string | undefined): Promise<void> {
    if (!currentPassword) throw wrongCurrentPassword(MESSAGES.currentPasswordRequired);
    const user = await this.load(this.em, id);
    // Counted with the account's sign-ins before the hash is checked, as a sign-in is.
    await this.passwordGuesses.countForAccount(user.email);
    if (!(await verifyPassword(user.passwordHash, currentPassword)))
      throw wrongCurrentPassword(MESSAGES.currentPasswordWrong);
    await this.passwordGuesses.recordSuccess(user.email);
  }

  private async load(em: EntityManager, id: number): Promise<User> {
    const user = await em.findOne(User, { id });
    if (!user) throw new NotFoundException('User not found');
    return user;
  }

  /** Counts superadmins while holding their rows, so two concurrent demotions cannot both pass. */
  private async lockSuperadmins(em: EntityManager): Promise<number> {
    const rows = await em.execute<{ id: number }[]>(`select id from users where role = 'superadmin' for update`);
    return rows.length;
  }

  private async assertUnique(em: EntityManager, email: string, username: string, exceptId?: number): Promise<void> {
    const clashes = await em.find(User, {
      $or: [{ email }, { username }],
      ...(exceptId ? { id: { $ne: exceptId } } : {}),
    });
    const conflictingFields = [
      ...(clashes.some((u) => u.email === email) ? ['email'] : []),
      ...(clashes.some((u) => u.username === username) ? ['username'] : []),
    ];
    if (conflictingFields.length === 0) return;
    const message =
      conflictingFields.length === 2
        ? 'Email and username are already in use'
        : conflictingFields[0] === 'email'
          ? 'Email is already in use'
          : 'Username is already in use';
    throw new ConflictException({ message, details: { conflictingFields } });
  }

  private async freeUsername(base: string): Promise<string> {
    for (let suffix = 0; ; suffix++) {
      const candidate = suffix === 0 ? base : `${base}${suffix}`;
      if ((await this.em.count(User, { username: candidate })) === 0) return candidate;
    }
  }
}
