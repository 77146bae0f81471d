import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { AppConfig } from './platform/config/config.js';
import { ClockModule } from './platform/clock.js';
import { ConfigModule } from './platform/config/config.module.js';
import { DatabaseModule } from './platform/database/database.module.js';
import { entities } from './entities.js';
import { HealthController } from './platform/health/health.controller.js';
import { HttpExceptionFilter } from './platform/http/http-exception.filter.js';
import { CryptoModule } from './platform/crypto/crypto.module.js';
import { QueueModule } from './platform/queue/queue.module.js';
import { RedisModule } from './platform/redis/redis.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ConsentHttpModule } from './modules/consent/consent-http.module.js';
import { ContactsHttpModule } from './modules/contacts/contacts-http.module.js';
import { MessagingHttpModule } from './modules/messaging/messaging-http.module.js';
import { EmailCampaignsHttpModule } from './modules/email-campaigns/email-campaigns-http.module.js';
import { EmailTemplatesHttpModule } from './modules/email-templates/email-templates-http.module.js';
import { MailAccountsHttpModule } from './modules/mail-accounts/mail-accounts-http.module.js';
import { ModelsHttpModule } from './modules/models/models-http.module.js';
import { OperationsModule } from './modules/operations/operations.module.js';
import { PostsModule } from './modules/posts/posts.module.js';
import { SheetImportsModule } from './modules/sheet-imports/sheet-imports.module.js';
import { UsersModule } from './modules/users/users.module.js';

/** Composition root of the HTTP process. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule,
        DatabaseModule.forRoot(entities),
        RedisModule,
        QueueModule,
        CryptoModule,
        AuthModule,
        MailAccountsHttpModule,
        PostsModule,
        ModelsHttpModule,
        EmailTemplatesHttpModule,
        EmailCampaignsHttpModule,
        SheetImportsModule,
        ContactsHttpModule,
        ConsentHttpModule,
        MessagingHttpModule,
        UsersModule,
        OperationsModule,
      ],
      controllers: [HealthController],
      providers: [{ provide: APP_FILTER, useClass: HttpExceptionFilter }],
    };
  }
}
