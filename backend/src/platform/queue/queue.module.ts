import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ALL_QUEUES } from './queue-names.js';

/** The Redis connection and key prefix of every queue, for BullMQ objects made outside the module (QueueEvents). */
export function bullOptions(config: AppConfig): {
  connection: { url: string; maxRetriesPerRequest: null };
  prefix: string;
} {
  return {
    connection: { url: config.REDIS_URL, maxRetriesPerRequest: null },
    prefix: `${config.REDIS_KEY_PREFIX}:bull`,
  };
}

const queues = BullModule.registerQueue(...ALL_QUEUES.map((name) => ({ name })));

/** BullMQ connection and every queue; the API enqueues through these, the worker also processes them. */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: bullOptions,
    }),
    queues,
  ],
  exports: [queues],
})
export class QueueModule {}
