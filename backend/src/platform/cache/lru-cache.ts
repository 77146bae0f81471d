/**
 * A map bounded by a total weight, least recently used out first: what a process keeps in memory for the next
 * caller (checked sessions weigh one each, kept pages their bytes). A value heavier than the whole room is not kept.
 */
export class LruCache<K, V> {
  /** Insertion order is recency: the first key is the least recently used. */
  private readonly entries = new Map<K, V>();
  private totalWeight = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.totalWeight;
  }

  /** The value kept under key, now the most recently used; undefined when none is. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Keeps value under key (replacing any), dropping the least recently used until it fits. */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    for (const [oldest] of this.entries) {
      if (this.totalWeight + weight <= this.maxWeight) break;
      this.delete(oldest);
    }
    this.entries.set(key, value);
    this.totalWeight += weight;
  }

  /** Replaces the value kept under key where it stands in the order of use; nothing when none is kept. */
  replace(key: K, value: V): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.set(key, value);
    this.totalWeight += this.weigh(value) - this.weigh(old);
    for (const [oldest] of this.entries) {
      if (this.totalWeight <= this.maxWeight) break;
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.totalWeight -= this.weigh(value);
  }

  /** The value kept under key, without making it more recent; undefined when none is. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** The keys and values kept, least recently used first, without making any more recent. */
  list(): IterableIterator<[K, V]> {
    return this.entries.entries();
  }

  clear(): void {
    this.entries.clear();
    this.totalWeight = 0;
  }
}
