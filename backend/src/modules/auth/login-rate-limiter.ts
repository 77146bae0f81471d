import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { REDIS } from '../../platform/redis/redis.module.js';

/**
 * Sign-in attempts per client address (every attempt) and per e-mail (attempts since its last successful
 * sign-in) in a fixed window, counted in Redis so that every API process shares the counts.
 */
@Injectable()
export class LoginRateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Counts this attempt before its password is checked; throws 429 when the client or the e-mail is over its
   * limit. Counting and reading are one transaction, so parallel attempts each take their own place in the
   * count and no more than the limit are ever checked.
   */
  async countAttempt(clientIp: string, email: string): Promise<void> {
    const window = this.config.LOGIN_RATE_LIMIT_WINDOW_SECONDS;
    const ipKey = `login:ip:${clientIp}`;
    const emailKey = this.emailKey(email);
    // SET NX starts a window with its expiry; INCR keeps that expiry.
    const replies = (await this.redis
      .multi()
      .set(ipKey, 0, 'EX', window, 'NX')
      .incr(ipKey)
      .ttl(ipKey)
      .set(emailKey, 0, 'EX', window, 'NX')
      .incr(emailKey)
      .ttl(emailKey)
      .exec()) as [Error | null, unknown][];
    const failed = replies.find(([error]) => error);
    if (failed) throw failed[0];
    const [ipCount, ipTtl, emailCount, emailTtl] = [1, 2, 4, 5].map((index) => Number(replies[index][1]));
    if (ipCount > this.config.LOGIN_RATE_LIMIT_PER_IP) this.tooMany(ipTtl > 0 ? ipTtl : window);
    if (emailCount > this.config.LOGIN_RATE_LIMIT_PER_EMAIL) this.tooMany(emailTtl > 0 ? emailTtl : window);
  }

  /** A correct password starts the e-mail's count afresh. */
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
