import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../../platform/redis/redis.module.js';

/** Bumped by every write that can change which posts a list holds; counts are kept per version. */
const VERSION_KEY = 'posts:version';
const COUNT_TTL_SECONDS = 600;
const COUNT_KEY_PREFIX = 'posts:count:';

/** KEYS: the version key and the count key prefix (both carrying the client's key prefix); ARGV: the list's digest. */
const READ_COUNT = `
  local version = redis.call('GET', KEYS[1]) or '0'
  return { version, redis.call('GET', KEYS[2] .. version .. ':' .. ARGV[1]) }`;

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
    const digest = createHash('sha256').update(JSON.stringify([sql, params])).digest('base64url');
    // One round trip: the current version and the count kept under it.
    const [version, cached] = (await this.redis.eval(READ_COUNT, 2, VERSION_KEY, COUNT_KEY_PREFIX, digest)) as [string, string | null];
    if (cached !== null) return Number(cached);
    const total = await compute();
    await this.redis.set(`${COUNT_KEY_PREFIX}${version}:${digest}`, String(total), 'EX', COUNT_TTL_SECONDS);
    return total;
  }

  /** Call after a write to posts or sent e-mails: later counts start over. */
  async changed(): Promise<void> {
    await this.redis.incr(VERSION_KEY);
  }
}
