import type { Redis } from 'ioredis';
import { versionsChannel } from './shared-versions.js';

/** How many processes of the deployment (API and worker alike) are connected: each listens for version changes. */
export async function connectedProcesses(redis: Redis, keyPrefix: string): Promise<number> {
  const [, count] = (await redis.pubsub('NUMSUB', versionsChannel(keyPrefix))) as [string, number];
  return Number(count);
}

/** Deletes every key of the deployment (its prefix): queued jobs, version counters, cached totals, rate limits. */
export async function deleteDeploymentKeys(redis: Redis, keyPrefix: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}:*`, 'COUNT', 500);
    if (keys.length > 0) deleted += await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
  return deleted;
}
