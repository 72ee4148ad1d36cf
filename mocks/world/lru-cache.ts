/** No slot: the end of the recency list. */
const NONE = -1;

/**
 * A map of at most `capacity` entries that, once full, drops the entry least recently read or
 * written to make room. Emptying a full cache instead would make a client that walks a few more
 * entries than it holds (every transaction of a world, in order) miss on every one. The entries
 * sit in slots chained from least to most recent; a read moves its slot to the recent end. Not a
 * `Map` kept in insertion order, evicting its first key: V8 leaves a deleted entry as a hole that
 * iterating skips one by one, so finding the first key after thousands of evictions can take
 * thousands of steps.
 */
export class LruCache<K, V> {
  private readonly slots = new Map<K, number>();
  private readonly keys: K[] = [];
  private readonly values: V[] = [];
  private readonly older: Int32Array;
  private readonly newer: Int32Array;
  private oldest = NONE;
  private newest = NONE;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`an LRU cache holds at least one entry: capacity ${capacity}`);
    this.older = new Int32Array(capacity);
    this.newer = new Int32Array(capacity);
  }

  get size(): number {
    return this.slots.size;
  }

  /** Whether `key` is held; unlike a read, it leaves the recency order as it is. */
  has(key: K): boolean {
    return this.slots.has(key);
  }

  get(key: K): V | undefined {
    const slot = this.slots.get(key);
    if (slot === undefined) return undefined;
    this.touch(slot);
    return this.values[slot];
  }

  set(key: K, value: V): void {
    const known = this.slots.get(key);
    if (known !== undefined) {
      this.values[known] = value;
      this.touch(known);
      return;
    }
    let slot: number;
    if (this.slots.size < this.capacity) {
      slot = this.slots.size;
      this.append(slot);
    } else {
      slot = this.oldest;
      this.slots.delete(this.keys[slot] as K);
      this.touch(slot);
    }
    this.slots.set(key, slot);
    this.keys[slot] = key;
    this.values[slot] = value;
  }

  clear(): void {
    this.slots.clear();
    this.keys.length = 0;
    this.values.length = 0;
    this.oldest = NONE;
    this.newest = NONE;
  }

  /** Moves `slot`, already chained, to the recent end. */
  private touch(slot: number): void {
    if (slot === this.newest) return;
    const older = this.older[slot] as number;
    const newer = this.newer[slot] as number;
    if (older === NONE) this.oldest = newer;
    else this.newer[older] = newer;
    this.older[newer] = older;
    this.append(slot);
  }

  /** Chains `slot`, unchained, at the recent end. */
  private append(slot: number): void {
    this.older[slot] = this.newest;
    this.newer[slot] = NONE;
    if (this.newest === NONE) this.oldest = slot;
    else this.newer[this.newest] = slot;
    this.newest = slot;
  }
}
