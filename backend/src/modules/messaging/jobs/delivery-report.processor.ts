import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { QueueName } from '../../../platform/queue/queue-names.js';
import { DELIVERY_REPORT_JOB, type DeliveryReportJobData, SWEEP_REPORTS_JOB } from '../delivery-report.job.js';
import { DeliveryReportsService, type LookupOutcome } from '../delivery-reports.service.js';

/** Reads the gateway's delivery reports of accepted calls, on their schedule. */
@Processor(QueueName.DeliveryReport, { concurrency: 4 })
export class DeliveryReportProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(DeliveryReportProcessor.name);

  constructor(
    private readonly reports: DeliveryReportsService,
    @InjectQueue(QueueName.DeliveryReport) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    // The sweep runs on the maintenance queue (delivery-reports-sweep.task.ts); a schedule of it left on this
    // queue by an earlier version would keep adding jobs that name no call.
    await this.queue.removeJobScheduler(SWEEP_REPORTS_JOB);
  }

  async process(job: Job<DeliveryReportJobData>): Promise<LookupOutcome | null> {
    if (job.name !== DELIVERY_REPORT_JOB) return null;
    const { callId, step } = job.data;
    try {
      return await this.reports.lookUp(callId, step);
    } catch (error) {
      // The records could not be read: tried again a little later; after the last try the schedule goes on.
      if (job.attemptsMade + 1 < (job.opts.attempts ?? 1)) throw error;
      this.logger.warn(
        `Call ${callId}: look-up ${step + 1} of its delivery reports failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return this.reports.skip(callId, step);
    }
  }
}
