import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { HttpException, type OnApplicationBootstrap } from '@nestjs/common';
import { type Job, type Queue, UnrecoverableError } from 'bullmq';
import { QueueName } from '../../../platform/queue/queue-names.js';
import { MessageDispatchService } from '../message-dispatch.service.js';
import { type MessageSendJobData, SWEEP_SENDS_EVERY_MS, SWEEP_SENDS_JOB } from '../message-send.job.js';
import { MessageSendsService } from '../message-sends.service.js';

/** Hands a send's messages to the gateway; a retry or a restarted worker first looks up what may have gone out. */
@Processor(QueueName.MessageSend, { concurrency: 4 })
export class MessageSendProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly dispatch: MessageDispatchService,
    private readonly sends: MessageSendsService,
    @InjectQueue(QueueName.MessageSend) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(SWEEP_SENDS_JOB, { every: SWEEP_SENDS_EVERY_MS }, { name: SWEEP_SENDS_JOB });
  }

  async process(job: Job<MessageSendJobData>): Promise<void> {
    if (job.name === SWEEP_SENDS_JOB) {
      await this.sends.sweep();
      return;
    }
    try {
      await this.dispatch.run(job.data.sendId, (done, total) => job.updateProgress({ done, total }));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // A configuration problem (no gateway account) will not mend itself: no retries.
      const permanent = error instanceof HttpException;
      if (permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1))
        await this.dispatch.fail(job.data.sendId, reason);
      throw permanent ? new UnrecoverableError(reason) : error;
    }
  }
}
