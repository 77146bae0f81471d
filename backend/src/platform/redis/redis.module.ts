import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { PasswordGuesses } from './password-guesses.js';
import { REDIS } from './redis-token.js';
import { SharedVersions } from './shared-versions.js';

export { REDIS };

/**
 * A shared Redis client for short-lived keys (rate limits, one-time tickets); keys carry the configured prefix.
 * With the counts every process shares: versions, and guesses at passwords.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new Redis(config.REDIS_URL, { keyPrefix: `${config.REDIS_KEY_PREFIX}:` }),
    },
    SharedVersions,
    PasswordGuesses,
  ],
  exports: [REDIS, SharedVersions, PasswordGuesses],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
