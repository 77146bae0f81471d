import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { REDIS } from '../../platform/redis/redis.module.js';

/**
 * Sign-in attempts per client address (every attempt) and per e-mail (failed attempts) in a fixed window,
 * counted in Redis so that every API process shares the counts.
 */
@Injectable()
export class LoginRateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts this attempt; throws 429 when the client or the e-mail is over its limit. */
  async checkAttempt(clientIp: string, email: string): Promise<void> {
    const window = this.config.LOGIN_RATE_LIMIT_WINDOW_SECONDS;
    const ipKey = `login:ip:${clientIp}`;
    const [[, ipCount], [, ipTtl], [, emailCount], [, emailTtl]] = (await this.redis
      .multi()
      .incr(ipKey)
      .ttl(ipKey)
      .get(this.emailKey(email))
      .ttl(this.emailKey(email))
      .exec()) as [unknown, number | string | null][];
    if (Number(ipTtl) < 0) await this.redis.expire(ipKey, window);
    if (Number(ipCount) > this.config.LOGIN_RATE_LIMIT_PER_IP) this.tooMany(Number(ipTtl) > 0 ? Number(ipTtl) : window);
    if (Number(emailCount ?? 0) >= this.config.LOGIN_RATE_LIMIT_PER_EMAIL) {
      this.tooMany(Number(emailTtl) > 0 ? Number(emailTtl) : window);
    }
  }

  async recordFailure(email: string): Promise<void> {
    const key = this.emailKey(email);
    const count = await this.redis.incr(key);
    if (count === 1) await this.redis.expire(key, this.config.LOGIN_RATE_LIMIT_WINDOW_SECONDS);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.redis.del(this.emailKey(email));
  }

  private emailKey(email: string): string {
    return `login:email:${email.trim().toLowerCase()}`;
  }

  private tooMany(retryAfterSeconds: number): never {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    throw new HttpException(
      {
        message: `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        details: { retryAfterSeconds },
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
