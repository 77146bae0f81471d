import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../../platform/redis/redis.module.js';

/** Bumped by every write that can change which posts a list holds; counts are kept per version. */
const VERSION_KEY = 'posts:version';
const COUNT_TTL_SECONDS = 600;

/**
 * The totals of the post lists, cached. Counting a filtered list means visiting every matching row, which costs
 * far more than reading one page; paging through a list asks for the same total again and again. A count is kept
 * under the posts' current version, so any change (an import, a favourite, a sent e-mail) makes every list count
 * afresh, in the API and the worker alike.
 */
@Injectable()
export class PostListCounts {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** The count of the list the SQL and parameters describe: from the cache, or computed and kept. */
  async count(sql: string, params: readonly unknown[], compute: () => Promise<number>): Promise<number> {
    const version = (await this.redis.get(VERSION_KEY)) ?? '0';
    const key = `posts:count:${version}:${createHash('sha256').update(JSON.stringify([sql, params])).digest('base64url')}`;
    const cached = await this.redis.get(key);
    if (cached !== null) return Number(cached);
    const total = await compute();
    await this.redis.set(key, String(total), 'EX', COUNT_TTL_SECONDS);
    return total;
  }

  /** Call after a write to posts or sent e-mails: later counts start over. */
  async changed(): Promise<void> {
    await this.redis.incr(VERSION_KEY);
  }
}
