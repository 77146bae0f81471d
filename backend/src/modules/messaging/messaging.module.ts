import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.js';
import { AccountEventsModule } from '../../platform/events/account-events.js';
import { ConsentModule } from '../consent/consent.module.js';
import { QueueModule } from '../../platform/queue/queue.module.js';
import { DeliveryReportsService } from './delivery-reports.service.js';
import { GatewayCallsService } from './gateway-calls.service.js';
import { MessageDispatchService } from './message-dispatch.service.js';
import { MessageFilesService } from './message-files.service.js';
import { MessageSendReadsService } from './message-send-reads.service.js';
import { MessageSendsService } from './message-sends.service.js';
import { MessageTemplatesService } from './message-templates.service.js';
import { AligoGateway } from './providers/aligo/aligo.gateway.js';
import { fileStorageFor } from './providers/configured-file-storage.js';
import { FILE_STORAGE } from './providers/file-storage.js';
import { SMS_GATEWAY } from './providers/sms-gateway.js';
import { SendPlansService } from './send-plans.service.js';
import { SenderNumbersService } from './sender-numbers.service.js';

/** Messaging as services: for the HTTP routes and the worker's sends. */
@Module({
  imports: [QueueModule, AccountEventsModule, ConsentModule],
  providers: [
    { provide: SMS_GATEWAY, useClass: AligoGateway },
    {
      provide: FILE_STORAGE,
      inject: [APP_CONFIG],
      useFactory: fileStorageFor,
    },
    SenderNumbersService,
    MessageFilesService,
    MessageTemplatesService,
    MessageSendsService,
    MessageSendReadsService,
    SendPlansService,
    MessageDispatchService,
    GatewayCallsService,
    DeliveryReportsService,
  ],
  exports: [
    SenderNumbersService,
    MessageFilesService,
    MessageTemplatesService,
    MessageSendsService,
    MessageDispatchService,
    DeliveryReportsService,
  ],
})
export class MessagingModule {}
