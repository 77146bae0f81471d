import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { QueueName } from '../../../platform/queue/queue-names.js';
import { GmailWatchService, type WatchSummary } from '../gmail-watch.service.js';

/** The repeating job that watches every account's mailbox; it carries nothing, the database says what to read. */
export const GMAIL_WATCH_JOB = 'gmail-watch';
export type GmailWatchJobData = Record<string, never>;

/** Reads the replies and bounces of sent e-mails every GMAIL_WATCH_INTERVAL_MS. */
@Processor(QueueName.MailWatch)
export class GmailWatchProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(GmailWatchProcessor.name);

  constructor(
    private readonly watch: GmailWatchService,
    @InjectQueue(QueueName.MailWatch) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'GMAIL_WATCH_INTERVAL_MS'>,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      GMAIL_WATCH_JOB,
      { every: this.config.GMAIL_WATCH_INTERVAL_MS },
      { name: GMAIL_WATCH_JOB, data: {} },
    );
  }

  async process(_job: Job<GmailWatchJobData>): Promise<WatchSummary> {
    const summary = await this.watch.watchAll();
    if (summary.replied + summary.bounced + summary.failed > 0)
      this.logger.log(`${GMAIL_WATCH_JOB}: ${JSON.stringify(summary)}`);
    return summary;
  }
}
