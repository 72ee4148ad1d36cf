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
 * nothing else: at one version of the chain (the cache is cleared when
 * it changes), a URL always routes to the same operation,
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
 * and bytes so a client walking many distinct URLs cannot grow memory. Cleared whenever the chain
 * changes, so an entry never outlives the tip it was computed at.
 */
export class ResponseCache<Entry extends SerializedJson = CachedAnswer> {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private version: number;

  /**
   * `versionOf` names the version of the chain the answers belong to; when it moves, every entry
   * goes, whichever path (Express or the fast path in front of it) looks first.
   */
  constructor(
    private readonly limits: ResponseCacheLimits = RESPONSE_CACHE_LIMITS,
    private readonly versionOf: () => number = () => 0,
  ) {
    this.version = versionOf();
  }

  get size(): number {
    return this.entries.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  /** Drops every entry (the chain changed: each answer may differ now). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get(key: string): Entry | undefined {
    this.sync();
    const hit = this.entries.get(key);
    if (hit) {
      // Re-inserting moves the entry to the end of the Map's order: the most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: Entry): void {
    this.sync();
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

  private sync(): void {
    const now = this.versionOf();
    if (now !== this.version) {
      this.clear();
      this.version = now;
    }
  }
}
