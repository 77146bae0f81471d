import { Module } from '@nestjs/common';
import { AligoController } from './aligo.controller.js';
import { MessageFilesController } from './message-files.controller.js';
import { MessageSendsController } from './message-sends.controller.js';
import { MessageTemplatesController } from './message-templates.controller.js';
import { MessagingModule } from './messaging.module.js';
import { SenderNumbersController } from './sender-numbers.controller.js';

/** Messaging's HTTP routes, for the API process. */
@Module({
  imports: [MessagingModule],
  controllers: [
    SenderNumbersController,
    MessageTemplatesController,
    MessageFilesController,
    MessageSendsController,
    AligoController,
  ],
})
export class MessagingHttpModule {}
