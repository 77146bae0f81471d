import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './platform/config/config.js';
import { ClockModule } from './platform/clock.js';
import { ConfigModule } from './platform/config/config.module.js';
import { DatabaseModule } from './platform/database/database.module.js';
import { entities } from './entities.js';
import { MaintenanceModule } from './platform/queue/maintenance.js';
import { QueueModule } from './platform/queue/queue.module.js';
import { RedisModule } from './platform/redis/redis.module.js';
import { CryptoModule } from './platform/crypto/crypto.module.js';
import { AuthWorkerModule } from './modules/auth/auth-worker.module.js';
import { ContactsWorkerModule } from './modules/contacts/contacts-worker.module.js';
import { EmailCampaignsWorkerModule } from './modules/email-campaigns/email-campaigns-worker.module.js';
import { EmailRepliesWorkerModule } from './modules/email-replies/email-replies-worker.module.js';
import { MessagingWorkerModule } from './modules/messaging/messaging-worker.module.js';
import { SheetImportsWorkerModule } from './modules/sheet-imports/sheet-imports-worker.module.js';

/** Composition root of the worker process: each module's worker module, which registers its processors. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule,
        DatabaseModule.forRoot(entities),
        RedisModule,
        QueueModule,
        MaintenanceModule,
        CryptoModule,
        AuthWorkerModule,
        SheetImportsWorkerModule,
        ContactsWorkerModule,
        MessagingWorkerModule,
        EmailCampaignsWorkerModule,
        EmailRepliesWorkerModule,
      ],
    };
  }
}
