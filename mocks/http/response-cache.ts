import type { SerializedJson } from './caching.ts';

export interface ResponseCacheLimits {
  maxEntries: number;
  /** Sum of the cached bodies' bytes; a body larger than this is never cached. */
  maxBytes: number;
}

/** Room for the pages a client or a test suite walks, within a memory bound that is easy to state. */
export const RESPONSE_CACHE_LIMITS: ResponseCacheLimits = { maxEntries: 1_000, maxBytes: 32 * 1024 * 1024 };

/**
 * An operation's 200 answer, cached under the request target as sent. The answer depends on
 * nothing else: the world is fixed for the app's life, a URL always routes to the same operation,
 * and the handler sees only the path and query values, which validation derives from the URL
 * alone. Keying on the URL rather than the validated values lets a hit skip routing and
 * validation too (an address's checksum costs a SHA-256); URLs spelled differently for the same
 * request simply get an entry each.
 */
export interface CachedAnswer extends SerializedJson {
  /** The operation the URL routed to, whose per-request stages a hit still goes through. */
  operationId: string;
}

/**
 * Serialized 200 answers (body bytes and ETag), least recently used first out, bounded in count
 * and bytes so a client walking many distinct URLs cannot grow memory. The world is immutable,
 * so an entry never goes stale.
 */
export class ResponseCache<Entry extends SerializedJson = CachedAnswer> {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly limits: ResponseCacheLimits = RESPONSE_CACHE_LIMITS) {}

  get size(): number {
    return this.entries.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  get(key: string): Entry | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Re-inserting moves the entry to the end of the Map's order: the most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: Entry): void {
    if (value.body.length > this.limits.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
    this.entries.set(key, value);
    this.bytes += value.body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length;
    }
  }
}
