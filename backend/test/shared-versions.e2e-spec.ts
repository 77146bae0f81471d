import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { NOTES_KEPT, SharedVersions, versionsChannel } from '../src/platform/redis/shared-versions.js';
import { eventually } from './support/test-app.js';

/** A process's view of the versions: its own Redis connection and subscription. */
async function processView(
  prefix: string,
): Promise<{ versions: SharedVersions; redis: Redis; close: () => Promise<void> }> {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set');
  const redis = new Redis(url, { keyPrefix: `${prefix}:` });
  const versions = new SharedVersions(redis, { REDIS_KEY_PREFIX: prefix });
  await versions.onModuleInit();
  return {
    versions,
    redis,
    close: async () => {
      await versions.onApplicationShutdown();
      redis.disconnect();
    },
  };
}

describe('shared versions', () => {
  const prefix = `t${randomBytes(5).toString('hex')}`;
  let a: Awaited<ReturnType<typeof processView>>;
  let b: Awaited<ReturnType<typeof processView>>;

  beforeAll(async () => {
    a = await processView(prefix);
    b = await processView(prefix);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('starts at 0, and a bump is read at once by its process and heard by the others', async () => {
    expect(await b.versions.read(['pages', 'auth'])).toEqual([0, 0]);
    await a.versions.bump('pages');
    expect(await a.versions.read(['pages', 'auth'])).toEqual([1, 0]);
    await eventually(async () => expect(await b.versions.read(['pages', 'auth'])).toEqual([1, 0]));
    await a.versions.bump('pages', 'auth');
    await eventually(async () => expect(await b.versions.read(['pages', 'auth'])).toEqual([2, 1]));
  });

  it('keeps versions in Redis under the deployment prefix, apart from other deployments', async () => {
    expect(await a.redis.get('pages')).toBe('2');
    const other = await processView(`${prefix}x`);
    try {
      expect(await other.versions.read(['pages'])).toEqual([0]);
      await other.versions.bump('pages');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await b.versions.read(['pages'])).toEqual([2]);
    } finally {
      await other.close();
    }
  });

  it('asks Redis while it cannot hear, so a bump made meanwhile is never missed', async () => {
    // b stops hearing: its subscription drops (a network failure, a Redis restart).
    const subscriber = (b.versions as unknown as { subscriber: Redis }).subscriber;
    const closed = new Promise((resolve) => subscriber.once('close', resolve));
    subscriber.disconnect(true);
    await closed;
    await a.versions.bump('auth');
    expect(await b.versions.read(['auth'])).toEqual([2]);
    // Once it hears again, it keeps up as before.
    await eventually(async () => expect(subscriber.status).toBe('ready'));
    await a.versions.bump('auth');
    await eventually(async () => expect(await b.versions.read(['auth'])).toEqual([3]));
  });

  it('trusts what it heard for a second at most', async () => {
    expect(await b.versions.read(['pages'])).toEqual([2]);
    // A write behind the versions' back (as if its announcement were lost) is read within the second.
    await a.redis.incr('pages');
    expect(await b.versions.read(['pages'])).toEqual([2]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await b.versions.read(['pages'])).toEqual([3]);
  });

  it('notes what each step of a noted version changed, with the other versions bumped in the same step', async () => {
    await a.versions.bumpNoted('content', '1,2', 'favorites');
    await a.versions.bumpNoted('content', '3');
    await eventually(async () => expect(await b.versions.read(['content', 'favorites'])).toEqual([2, 1]));
    expect(await b.versions.notes('content', 0, 2)).toEqual(['1,2', '3']);
    expect(await b.versions.notes('content', 1, 2)).toEqual(['3']);
    expect(await b.versions.notes('content', 2, 2)).toEqual([]);
    // Under the deployment's prefix, as the versions are.
    expect(await a.redis.zcard('content:notes')).toBe(2);
  });

  it('tells its listeners of each new value another process announces, never of its own bumps', async () => {
    const heard = { a: [] as number[], b: [] as number[] };
    a.versions.onHeard('listened', (value) => heard.a.push(value));
    // A listener that fails spares the others.
    b.versions.onHeard('listened', () => {
      throw new Error('a failing listener');
    });
    b.versions.onHeard('listened', (value) => heard.b.push(value));
    await a.versions.bump('listened');
    await a.versions.bumpNoted('listened', '7', 'other');
    await eventually(async () => expect(heard.b).toEqual([1, 2]));
    // b's own bump reaches a; the echo of a's own bumps on the channel reached no listener of a.
    await b.versions.bump('listened');
    await eventually(async () => expect(heard.a).toEqual([3]));
    expect(heard.b).toEqual([1, 2]);
  });

  it('tells its listeners of an announcement whose value it read from Redis first', async () => {
    const heard: number[] = [];
    b.versions.onHeard('raced', (value) => heard.push(value));
    // The bump lands, b reads it, and only then does the announcement come.
    await a.redis.incr('raced');
    expect(await b.versions.read(['raced'])).toEqual([1]);
    await a.redis.publish(versionsChannel(prefix), JSON.stringify([['raced', 1]]));
    await eventually(async () => expect(heard).toEqual([1]));
  });

  it('answers null for steps whose notes are no longer kept', async () => {
    for (let step = 0; step < NOTES_KEPT + 5; step++) await a.versions.bumpNoted('trimmed', String(step));
    expect(await a.redis.zcard('trimmed:notes')).toBe(NOTES_KEPT);
    expect(await b.versions.notes('trimmed', 0, NOTES_KEPT + 5)).toBeNull();
    expect(await b.versions.notes('trimmed', 4, NOTES_KEPT + 5)).toBeNull();
    expect(await b.versions.notes('trimmed', 5, 7)).toEqual(['5', '6']);
    // A step bumped without a note (a plain bump) is a gap too.
    await a.versions.bump('trimmed');
    expect(await b.versions.notes('trimmed', NOTES_KEPT + 4, NOTES_KEPT + 6)).toBeNull();
  });
});
