import { Processor, WorkerHost } from '@nestjs/bullmq';
import { HttpException } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import { QueueName } from '../../../platform/queue/queue-names.js';
import { MessageDispatchService } from '../message-dispatch.service.js';
import type { MessageSendJobData } from '../message-send.job.js';

/** Hands a send's messages to the gateway; a retry or a restarted worker first looks up what may have gone out. */
@Processor(QueueName.MessageSend, { concurrency: 4 })
export class MessageSendProcessor extends WorkerHost {
  constructor(private readonly dispatch: MessageDispatchService) {
    super();
  }

  async process(job: Job<MessageSendJobData>): Promise<void> {
    try {
      await this.dispatch.run(job.data.sendId, (done, total) => job.updateProgress({ done, total }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // A configuration problem (no gateway account) will not mend itself: no retries.
      const permanent = error instanceof HttpException;
      if (permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await this.dispatch.fail(job.data.sendId, reason);
      throw permanent ? new UnrecoverableError(reason) : error;
    }
  }
}
