import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Module } from '@nestjs/common';

/** What a module does when a staff account is deleted: run in the deleting transaction, before the row goes. */
export type AccountDeletionListener = (em: EntityManager, userId: number) => Promise<void>;

/** What a module does when an account's password changes: run in the changing transaction. The session that made the change stays signed in. */
export type PasswordChangeListener = (em: EntityManager, userId: number, keptSessionId: string) => Promise<void>;

/**
 * Announces what happens to a staff account to the modules that keep something of it (its sessions, its scheduled
 * sends), so that the users module depends on none of them. Each module registers its listener when it is built;
 * the users module runs them in its own transaction, so what they do happens exactly when the change does, or not
 * at all.
 */
@Injectable()
export class AccountEvents {
  private readonly deletionListeners: AccountDeletionListener[] = [];
  private readonly passwordChangeListeners: PasswordChangeListener[] = [];

  onDeletion(listener: AccountDeletionListener): void {
    this.deletionListeners.push(listener);
  }

  onPasswordChange(listener: PasswordChangeListener): void {
    this.passwordChangeListeners.push(listener);
  }

  async deleting(em: EntityManager, userId: number): Promise<void> {
    for (const listener of this.deletionListeners) await listener(em, userId);
  }

  /** Refuses when nobody listens: a new password must never leave the account's other sessions alive. */
  async passwordChanged(em: EntityManager, userId: number, keptSessionId: string): Promise<void> {
    if (this.passwordChangeListeners.length === 0)
      throw new Error('Nothing has registered to end sessions on a password change');
    for (const listener of this.passwordChangeListeners) await listener(em, userId, keptSessionId);
  }
}

/** One AccountEvents for every module that imports it. */
@Module({ providers: [AccountEvents], exports: [AccountEvents] })
export class AccountEventsModule {}
