import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS } from './redis-token.js';

/**
 * The channel a deployment's processes hear version changes on. Channels take no key prefix: the prefix goes in
 * the name, so that two deployments on one Redis stay apart.
 */
export const versionsChannel = (keyPrefix: string) => `${keyPrefix}:versions`;

/**
 * Version counters in Redis that every process watches. A write bumps one and publishes the new value; every
 * process holds what it has heard, so reading a version costs no round trip while its subscription is live.
 * Without a live subscription (starting, reconnecting) it knows nothing and every read asks Redis, so a process
 * never works from a version it may have missed; and what it heard is trusted for a second at most, so even a
 * connection that died without a word costs no more than a second of staleness.
 */
/** How long a version heard (or read) is trusted before Redis is asked again. */
const TRUST_MS = 1000;

/** How many of a noted version's last steps keep their notes: a process further behind learns only that it is. */
export const NOTES_KEPT = 1000;

const notesKey = (noted: string) => `${noted}:notes`;

/**
 * Bumps KEYS[1] (the noted version), records ARGV[1] as its new step's note in KEYS[2] (a sorted set by step, the
 * last ARGV[2] kept), and bumps KEYS[3…]: in one step, so no reader sees the version before its note.
 */
const BUMP_NOTED = `
local step = redis.call('INCR', KEYS[1])
redis.call('ZADD', KEYS[2], step, step .. ':' .. ARGV[1])
redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -(tonumber(ARGV[2]) + 1))
local values = { step }
for i = 3, #KEYS do values[#values + 1] = redis.call('INCR', KEYS[i]) end
return values`;

@Injectable()
export class SharedVersions implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SharedVersions.name);
  private readonly known = new Map<string, { value: number; at: number }>();
  private readonly channel: string;
  private subscriber: Redis | null = null;
  private live = false;
  /** Counts the times the process stopped hearing: a read begun before may not keep what it read. */
  private epoch = 0;
  private readonly listeners = new Map<string, ((value: number) => void)[]>();
  /** The highest value of each key announced: by this process, or by another as heard. */
  private readonly announced = new Map<string, number>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'REDIS_KEY_PREFIX'>,
  ) {
    this.channel = versionsChannel(config.REDIS_KEY_PREFIX);
  }

  async onModuleInit(): Promise<void> {
    const subscriber = this.redis.duplicate();
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string, payload: string) => {
      if (channel === this.channel) this.hear(payload);
    });
    for (const event of ['close', 'reconnecting', 'end']) subscriber.on(event, () => this.stopHearing());
    subscriber.on('error', (error: Error) => this.logger.warn(`Version updates: ${error.message}`));
    // On every (re)connection: subscribe, and only then trust what is heard from here on.
    subscriber.on('ready', () => void this.startHearing(subscriber));
    await this.startHearing(subscriber);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopHearing();
    this.subscriber?.disconnect();
  }

  /** The current values of the keys (0 for a key never bumped). */
  async read(keys: readonly string[]): Promise<number[]> {
    if (this.live) {
      const now = Date.now();
      const entries = keys.map((key) => this.known.get(key));
      if (entries.every((entry) => entry !== undefined && now - entry.at < TRUST_MS))
        return entries.map((entry) => entry!.value);
    }
    const epoch = this.epoch;
    const wasLive = this.live;
    const values = (await this.redis.mget(...keys)).map((value) => Number(value ?? 0));
    if (wasLive && this.live && epoch === this.epoch) keys.forEach((key, index) => this.learn(key, values[index]));
    return values;
  }

  /**
   * Calls `listener` with each new value of `key` this process hears another process announce (never for its own
   * bumps; a bump whose announcement it missed is found by its next read instead).
   */
  onHeard(key: string, listener: (value: number) => void): void {
    this.listeners.set(key, [...(this.listeners.get(key) ?? []), listener]);
  }

  /** Call after the write has committed: every process reads the new versions from now on. */
  async bump(...keys: string[]): Promise<void> {
    const multi = this.redis.multi();
    for (const key of keys) multi.incr(key);
    const results = (await multi.exec()) ?? [];
    await this.announce(keys.map((key, index) => [key, Number(results[index]?.[1] ?? 0)]));
  }

  /**
   * Bumps `noted` with a note of what its new step changed (read back by notes()), and the other keys with it. Call
   * after the write has committed.
   */
  async bumpNoted(noted: string, note: string, ...keys: string[]): Promise<void> {
    const results = (await this.redis.eval(
      BUMP_NOTED,
      2 + keys.length,
      noted,
      notesKey(noted),
      ...keys,
      note,
      NOTES_KEPT,
    )) as number[];
    await this.announce([noted, ...keys].map((key, index) => [key, Number(results[index] ?? 0)]));
  }

  /**
   * The notes of `noted`'s steps after `after` up to `upTo`, in order; null when some of them are no longer kept
   * (or were bumped without a note).
   */
  async notes(noted: string, after: number, upTo: number): Promise<string[] | null> {
    if (upTo <= after) return [];
    if (upTo - after > NOTES_KEPT) return null;
    const entries = await this.redis.zrangebyscore(notesKey(noted), `(${after}`, upTo);
    if (entries.length !== upTo - after) return null;
    return entries.map((entry) => entry.slice(entry.indexOf(':') + 1));
  }

  private async announce(values: [string, number][]): Promise<void> {
    for (const [key, value] of values) {
      this.learn(key, value);
      this.newlyAnnounced(key, value);
    }
    await this.redis.publish(this.channel, JSON.stringify(values));
  }

  private async startHearing(subscriber: Redis): Promise<void> {
    try {
      await subscriber.subscribe(this.channel);
      if (subscriber.status !== 'ready') return;
      // What was heard before may be incomplete: start from Redis again.
      this.known.clear();
      this.live = true;
    } catch (error) {
      this.logger.warn(`Could not subscribe to version updates: ${(error as Error).message}`);
    }
  }

  private stopHearing(): void {
    this.live = false;
    this.epoch++;
    this.known.clear();
  }

  private hear(payload: string): void {
    let values: [string, number][];
    try {
      values = JSON.parse(payload) as [string, number][];
    } catch {
      this.logger.warn('Ignored a malformed version update');
      return;
    }
    for (const [key, value] of values) {
      this.learn(key, value);
      if (!this.newlyAnnounced(key, value)) continue;
      for (const listener of this.listeners.get(key) ?? []) {
        try {
          listener(value);
        } catch (error) {
          this.logger.warn(`A listener to ${key} failed: ${(error as Error).message}`);
        }
      }
    }
  }

  /** Versions only grow: an older value heard late never replaces a newer one. */
  private learn(key: string, value: number): void {
    const known = this.known.get(key);
    if (!known || value >= known.value) this.known.set(key, { value, at: Date.now() });
  }

  /**
   * Whether no announcement of this value or a later one was made or heard before: a bump this process announced
   * comes back on the channel, and a value read from Redis meanwhile is still announced after.
   */
  private newlyAnnounced(key: string, value: number): boolean {
    if (value <= (this.announced.get(key) ?? 0)) return false;
    this.announced.set(key, value);
    return true;
  }
}
