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

@Injectable()
export class SharedVersions implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SharedVersions.name);
  private readonly known = new Map<string, { value: number; at: number }>();
  private readonly channel: string;
  private subscriber: Redis | null = null;
  private live = false;
  /** Counts the times the process stopped hearing: a read begun before may not keep what it read. */
  private epoch = 0;

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

  /** Call after the write has committed: every process reads the new versions from now on. */
  async bump(...keys: string[]): Promise<void> {
    const multi = this.redis.multi();
    for (const key of keys) multi.incr(key);
    const results = (await multi.exec()) ?? [];
    const values = keys.map((key, index): [string, number] => [key, Number(results[index]?.[1] ?? 0)]);
    for (const [key, value] of values) this.learn(key, value);
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
    try {
      for (const [key, value] of JSON.parse(payload) as [string, number][]) this.learn(key, value);
    } catch {
      this.logger.warn('Ignored a malformed version update');
    }
  }

  /** Versions only grow: an older value heard late never replaces a newer one. */
  private learn(key: string, value: number): void {
    const known = this.known.get(key);
    if (!known || value >= known.value) this.known.set(key, { value, at: Date.now() });
  }
}
