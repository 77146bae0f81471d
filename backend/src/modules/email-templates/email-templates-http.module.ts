import { Module } from '@nestjs/common';
import { EmailTemplatesController } from './email-templates.controller.js';
import { EmailTemplatesModule } from './email-templates.module.js';

/** The routes of e-mail templates and single sends, for the API process. */
@Module({
  imports: [EmailTemplatesModule],
  controllers: [EmailTemplatesController],
})
export class EmailTemplatesHttpModule {}
