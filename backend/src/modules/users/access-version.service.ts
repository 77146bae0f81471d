import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../../platform/redis/redis.module.js';

const KEY = 'auth:access-version';

/**
 * A version of who may do what, in Redis: every write that can take access away (a revoked session, a changed
 * role, a deleted account) bumps it, so that every API process drops the sessions it checked before.
 */
@Injectable()
export class AccessVersion {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async current(): Promise<string> {
    return (await this.redis.get(KEY)) ?? '0';
  }

  /** Call after the write has committed. */
  async bump(): Promise<void> {
    await this.redis.incr(KEY);
  }
}
