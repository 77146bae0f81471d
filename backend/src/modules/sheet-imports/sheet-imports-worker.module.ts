import { Module } from '@nestjs/common';
import { QueueModule } from '../../platform/queue/queue.module.js';
import { MailAccountsModule } from '../mail-accounts/mail-accounts.module.js';
import { ModelsModule } from '../models/models.module.js';
import { PostsModule } from '../posts/posts.module.js';
import { SheetImportProcessor } from './jobs/sheet-import.processor.js';
import { SheetImportRunsService } from './sheet-import-runs.service.js';

/** The sheet-import processor and its service; only the worker process imports this. */
@Module({
  imports: [QueueModule, MailAccountsModule, PostsModule, ModelsModule],
  providers: [SheetImportRunsService, SheetImportProcessor],
})
export class SheetImportsWorkerModule {}
