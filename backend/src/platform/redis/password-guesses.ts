import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS } from './redis-token.js';

/**
 * Guesses at passwords: sign-in attempts per client address (every attempt) and per e-mail (attempts since its
 * last successful sign-in) in a fixed window, counted in Redis so that every API process shares the counts. The
 * current password asked for a password change counts against the same per-e-mail budget: a guess is a guess,
 * whichever form it comes through, so a stolen access token cannot be used to guess the password either.
 */
@Injectable()
export class PasswordGuesses {
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
    if (ipCount > this.config.LOGIN_RATE_LIMIT_PER_IP) this.tooMany(ipTtl > 0 ? ipTtl : window, 'sign-in attempts');
    if (emailCount > this.config.LOGIN_RATE_LIMIT_PER_EMAIL) this.tooMany(emailTtl > 0 ? emailTtl : window, 'sign-in attempts');
  }

  /** Counts a guess at an account's current password (a password change); 429 past the e-mail's limit. */
  async countForAccount(email: string): Promise<void> {
    const window = this.config.LOGIN_RATE_LIMIT_WINDOW_SECONDS;
    const emailKey = this.emailKey(email);
    const replies = (await this.redis.multi().set(emailKey, 0, 'EX', window, 'NX').incr(emailKey).ttl(emailKey).exec()) as [Error | null, unknown][];
    const failed = replies.find(([error]) => error);
    if (failed) throw failed[0];
    const [count, ttl] = [1, 2].map((index) => Number(replies[index][1]));
    if (count > this.config.LOGIN_RATE_LIMIT_PER_EMAIL) this.tooMany(ttl > 0 ? ttl : window, 'password attempts');
  }

  /** A correct password starts the e-mail's count afresh. */
  async recordSuccess(email: string): Promise<void> {
    await this.redis.del(this.emailKey(email));
  }

  private emailKey(email: string): string {
    return `login:email:${email.trim().toLowerCase()}`;
  }

  private tooMany(retryAfterSeconds: number, what: string): never {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    throw new HttpException(
      {
        message: `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        details: { retryAfterSeconds },
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
