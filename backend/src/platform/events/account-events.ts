import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Module } from '@nestjs/common';

/** What a module does when a staff account is deleted: run in the deleting transaction, before the row goes. */
export type AccountDeletionListener = (em: EntityManager, userId: number) => Promise<void>;

/**
 * Announces that a staff account is being deleted to the modules that keep work of theirs (a scheduled send), so
 * that the users module depends on none of them. Each module registers its listener in onModuleInit; the deletion
 * runs them in its own transaction, so the work stops exactly when the account goes, or not at all.
 */
@Injectable()
export class AccountEvents {
  private readonly deletionListeners: AccountDeletionListener[] = [];

  onDeletion(listener: AccountDeletionListener): void {
    this.deletionListeners.push(listener);
  }

  async deleting(em: EntityManager, userId: number): Promise<void> {
    for (const listener of this.deletionListeners) await listener(em, userId);
  }
}

/** One AccountEvents for every module that imports it. */
@Module({ providers: [AccountEvents], exports: [AccountEvents] })
export class AccountEventsModule {}
