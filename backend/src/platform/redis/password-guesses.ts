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

  /** Counts a sign-in attempt before its password is checked; 429 when the client or the e-mail is over its limit. */
  async countAttempt(clientIp: string, email: string): Promise<void> {
    await this.count(
      [
        { key: `login:ip:${clientIp}`, limit: this.config.LOGIN_RATE_LIMIT_PER_IP },
        { key: this.emailKey(email), limit: this.config.LOGIN_RATE_LIMIT_PER_EMAIL },
      ],
      'sign-in attempts',
    );
  }

  /** Counts a guess at an account's current password (a password change); 429 past the e-mail's limit. */
  async countForAccount(email: string): Promise<void> {
    await this.count(
      [{ key: this.emailKey(email), limit: this.config.LOGIN_RATE_LIMIT_PER_EMAIL }],
      'password attempts',
    );
  }

  /**
   * Counts one attempt under each key and throws 429 when any is over its limit. Counting and reading are one
   * transaction, so parallel attempts each take their own place in the count and no more than the limit are
   * ever checked.
   */
  private async count(limits: { key: string; limit: number }[], what: string): Promise<void> {
    const window = this.config.LOGIN_RATE_LIMIT_WINDOW_SECONDS;
    const transaction = this.redis.multi();
    // SET NX starts a window with its expiry; INCR keeps that expiry.
    for (const { key } of limits) transaction.set(key, 0, 'EX', window, 'NX').incr(key).ttl(key);
    const replies = (await transaction.exec()) as [Error | null, unknown][];
    const failed = replies.find(([error]) => error);
    if (failed) throw failed[0];
    limits.forEach(({ limit }, index) => {
      const [count, ttl] = [replies[index * 3 + 1][1], replies[index * 3 + 2][1]].map(Number);
      if (count > limit) this.tooMany(ttl > 0 ? ttl : window, what);
    });
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
