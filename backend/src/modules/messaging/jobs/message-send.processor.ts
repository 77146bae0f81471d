import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { type Job, type Queue, UnrecoverableError } from 'bullmq';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { QueueName } from '../../../platform/queue/queue-names.js';
import { MessageDispatchService } from '../message-dispatch.service.js';
import { MESSAGE_SEND_JOB, type MessageSendJobData, SWEEP_SENDS_JOB } from '../message-send.job.js';

/** Hands a send's messages to the gateway; a retry or a restarted worker first looks up what may have gone out. */
@Processor(QueueName.MessageSend, { concurrency: 4 })
export class MessageSendProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly dispatch: MessageDispatchService,
    @InjectQueue(QueueName.MessageSend) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    // The sweep runs on the maintenance queue (stranded-sends-sweep.task.ts); a schedule of it left on this
    // queue by an earlier version would keep adding jobs that name no send.
    await this.queue.removeJobScheduler(SWEEP_SENDS_JOB);
  }

  async process(job: Job<MessageSendJobData>): Promise<void> {
    if (job.name !== MESSAGE_SEND_JOB) return;
    try {
      await this.dispatch.run(job.data.sendId, (done, total) => job.updateProgress({ done, total }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // A refusal (the night rule, no gateway account) will not mend itself: no retries.
      const permanent = error instanceof DomainError && error.permanent;
      if (permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1))
        await this.dispatch.fail(job.data.sendId, reason);
      throw permanent ? new UnrecoverableError(reason) : error;
    }
  }
}
