import { InjectQueue } from '@nestjs/bullmq';
import {
  ConflictException,
  HttpException,
  Inject,
  Injectable,
  InternalServerErrorException,
  Logger,
  NotFoundException,
  type OnModuleDestroy,
} from '@nestjs/common';
import { type Job, type Queue, QueueEvents } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { bullOptions } from '../../platform/queue/queue.module.js';
import { QueueName } from '../../platform/queue/queue-names.js';
import { MailAccountsService } from '../mail-accounts/mail-accounts.service.js';
import type { SheetImportReport } from './domain/sheet-import-report.js';
import type { SheetImportStatusDto } from './dto/sheet-import.dto.js';
import {
  SHEET_IMPORT_JOB,
  type SheetImportJobData,
  type SheetImportKind,
  type SheetImportOutcome,
  type SheetImportProgress,
} from './sheet-import.job.js';

/**
 * How long a load request waits for its import. Below the usual 60 s proxy timeout: a longer import goes on in
 * the background and its result is read from its progress.
 */
const WAIT_MS = 50_000;

/** Finished imports stay readable (progress, result, a retried request) this long. */
const KEEP_SECONDS = 24 * 3600;

/** Answer of a load request: the report, or (for an import still running after WAIT_MS) none yet. */
export type ImportAnswer = { report: SheetImportReport } | { running: SheetImportStatusDto };

/** Starts sheet imports on the worker and follows them (the API side of the `sheet-import` queue). */
@Injectable()
export class SheetImportsService implements OnModuleDestroy {
  private readonly logger = new Logger(SheetImportsService.name);
  private events?: Promise<QueueEvents>;

  constructor(
    @InjectQueue(QueueName.SheetImport) private readonly queue: Queue<SheetImportJobData, SheetImportOutcome>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: MailAccountsService,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await (await this.events)?.close();
  }

  /**
   * Queues the import under `importId` and waits for it. The same importId again (a retried request) follows the
   * import already made instead of starting another.
   */
  async importSheet(importId: string, data: SheetImportJobData): Promise<ImportAnswer> {
    await this.accounts.get(data.accountId);
    const events = await this.queueEvents();
    const job = await this.queue.add(SHEET_IMPORT_JOB, data, {
      jobId: importId,
      attempts: 1,
      removeOnComplete: { age: KEEP_SECONDS },
      removeOnFail: { age: KEEP_SECONDS },
    });
    // add() ignores a job id that exists and answers with the data given, not the stored one: read it back.
    const stored = await this.queue.getJob(importId);
    if (stored && !sameImport(stored.data, data))
      throw new ConflictException('This import id belongs to another import. Please start the import again.');
    let outcome: SheetImportOutcome;
    try {
      outcome = await job.waitUntilFinished(events, WAIT_MS);
    } catch (error) {
      const status = await this.status(importId, data.requestedBy);
      if (status.state === 'waiting' || status.state === 'active') return { running: status };
      this.logger.error(`Sheet import ${importId} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new InternalServerErrorException(failedMessage(data.kind));
    }
    return answerOf(outcome);
  }

  /** Where an import stands; 404 for an unknown id or another user's import. */
  async status(importId: string, userId: number): Promise<SheetImportStatusDto> {
    const job: Job<SheetImportJobData, SheetImportOutcome> | undefined = await this.queue.getJob(importId);
    if (!job || job.data.requestedBy !== userId)
      throw new NotFoundException('No such import. It may have finished more than a day ago.');
    const state = await job.getState();
    const progress =
      typeof job.progress === 'object' && job.progress !== null ? (job.progress as SheetImportProgress) : null;
    const base = { importId, kind: job.data.kind, progress, report: null, error: null };
    if (state === 'completed') {
      // The job may have finished between reading it and reading its state: its return value is then read afresh.
      const outcome =
        (job.returnvalue as SheetImportOutcome | null) ??
        ((await this.queue.getJob(importId))?.returnvalue as SheetImportOutcome | null | undefined);
      if (!outcome) return { ...base, state: 'active' };
      return outcome.ok
        ? { ...base, state: 'completed', report: outcome.report }
        : { ...base, state: 'failed', error: { statusCode: outcome.status, message: outcome.message } };
    }
    if (state === 'failed')
      return { ...base, state: 'failed', error: { statusCode: 500, message: failedMessage(job.data.kind) } };
    return { ...base, state: state === 'active' ? 'active' : 'waiting' };
  }

  private queueEvents(): Promise<QueueEvents> {
    this.events ??= (async () => {
      const events = new QueueEvents(QueueName.SheetImport, bullOptions(this.config));
      await events.waitUntilReady();
      return events;
    })().catch((error: unknown) => {
      this.events = undefined; // the next request tries again
      throw error;
    });
    return this.events;
  }
}

/** Spec §8's fallback for an import that failed unexpectedly ('Failed to load posts.'). */
function failedMessage(kind: SheetImportKind): string {
  return `Failed to load ${kind}.`;
}

function sameImport(a: SheetImportJobData, b: SheetImportJobData): boolean {
  return (
    a.kind === b.kind &&
    a.fileId === b.fileId &&
    a.sheetName === b.sheetName &&
    a.accountId === b.accountId &&
    a.requestedBy === b.requestedBy
  );
}

function answerOf(outcome: SheetImportOutcome): ImportAnswer {
  if (!outcome.ok) throw new HttpException(outcome.message, outcome.status);
  return { report: outcome.report };
}
