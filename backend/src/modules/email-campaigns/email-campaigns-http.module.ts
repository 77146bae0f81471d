import { Module } from '@nestjs/common';
import { EmailCampaignsController } from './email-campaigns.controller.js';
import { EmailCampaignsModule } from './email-campaigns.module.js';

/** The routes of e-mail campaigns, for the API process. */
@Module({
  imports: [EmailCampaignsModule],
  controllers: [EmailCampaignsController],
})
export class EmailCampaignsHttpModule {}
