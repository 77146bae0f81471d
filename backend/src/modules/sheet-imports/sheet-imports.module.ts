import { Module } from '@nestjs/common';
import { QueueModule } from '../../platform/queue/queue.module.js';
import { MailAccountsModule } from '../mail-accounts/mail-accounts.module.js';
import { SheetImportsController } from './sheet-imports.controller.js';
import { SheetImportsService } from './sheet-imports.service.js';

/** The API side of sheet imports: starts them on the worker and reports their progress. */
@Module({
  imports: [QueueModule, MailAccountsModule],
  controllers: [SheetImportsController],
  providers: [SheetImportsService],
})
export class SheetImportsModule {}
