import { Module } from '@nestjs/common';
import { Clock } from '../../platform/clock.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { QueueModule } from '../../platform/queue/queue.module.js';
import { MessageDispatchService } from './message-dispatch.service.js';
import { MessageFilesService } from './message-files.service.js';
import { MessageSendsService } from './message-sends.service.js';
import { MessageTemplatesService } from './message-templates.service.js';
import { AligoGateway } from './providers/aligo/aligo.gateway.js';
import { FILE_STORAGE, LocalFileStorage } from './providers/file-storage.js';
import { S3FileStorage } from './providers/s3-file.storage.js';
import { SMS_GATEWAY } from './providers/sms-gateway.js';
import { SenderNumbersService } from './sender-numbers.service.js';

/** Messaging as services: for the HTTP routes and the worker's sends. */
@Module({
  imports: [QueueModule],
  providers: [
    Clock,
    { provide: SMS_GATEWAY, useClass: AligoGateway },
    {
      provide: FILE_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.MESSAGE_FILE_STORAGE === 's3' ? new S3FileStorage(config) : new LocalFileStorage(config.DATA_DIR)),
    },
    SenderNumbersService,
    MessageFilesService,
    MessageTemplatesService,
    MessageSendsService,
    MessageDispatchService,
  ],
  exports: [SenderNumbersService, MessageFilesService, MessageTemplatesService, MessageSendsService, MessageDispatchService],
})
export class MessagingModule {}
