import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../../platform/redis/redis.module.js';

/**
 * The kinds of list, each with its own version, bumped by the writes that can change what such a list holds:
 * imports change the post lists; favourite flags the favourites; sent e-mails the sent list. A memo changes none.
 */
export type PostListKind = 'posts' | 'favorites' | 'sent';

const COUNT_TTL_SECONDS = 600;
const versionKey = (kind: PostListKind) => `posts:version:${kind}`;
const countKeyPrefix = (kind: PostListKind) => `posts:count:${kind}:`;

/** KEYS: the version key and the count key prefix (both carrying the client's key prefix); ARGV: the list's digest. */
const READ_COUNT = `
  local version = redis.call('GET', KEYS[1]) or '0'
  return { version, redis.call('GET', KEYS[2] .. version .. ':' .. ARGV[1]) }`;

/**
 * The totals of the post lists, cached. Counting a filtered list means visiting every matching row, which costs
 * far more than reading one page; paging through a list asks for the same total again and again. A count is kept
 * under its kind's current version, so a change makes the lists it can affect count afresh, in the API and the
 * worker alike.
 */
@Injectable()
export class PostListCounts {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** The count of the list the SQL and parameters describe: from the cache, or computed and kept. */
  async count(kind: PostListKind, sql: string, params: readonly unknown[], compute: () => Promise<number>): Promise<number> {
    const digest = createHash('sha256').update(JSON.stringify([sql, params])).digest('base64url');
    // One round trip: the current version and the count kept under it.
    const [version, cached] = (await this.redis.eval(READ_COUNT, 2, versionKey(kind), countKeyPrefix(kind), digest)) as [string, string | null];
    if (cached !== null) return Number(cached);
    const total = await compute();
    await this.redis.set(`${countKeyPrefix(kind)}${version}:${digest}`, String(total), 'EX', COUNT_TTL_SECONDS);
    return total;
  }

  /** Call after a write that can change which posts the lists of `kind` hold: their counts start over. */
  async changed(kind: PostListKind): Promise<void> {
    await this.redis.incr(versionKey(kind));
  }
}
