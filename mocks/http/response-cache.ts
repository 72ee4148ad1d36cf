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

interface Slot<Entry> {
  entry: Entry;
  /** Read since the eviction sweep last passed it: it is passed over once more (second chance). */
  used: boolean;
}

/**
 * Serialized 200 answers (body bytes and ETag), bounded in count and bytes so a client walking
 * many distinct URLs cannot grow memory. Eviction is CLOCK, the cheap approximation of least
 * recently used: a hit only sets a flag, where exact LRU would move the entry on every hit, and a
 * hit is the one path that must cost next to nothing. Cleared whenever the chain changes, so an
 * entry never outlives the tip it was computed at.
 */
export class ResponseCache<Entry extends SerializedJson = CachedAnswer> {
  private readonly slots = new Map<string, Slot<Entry>>();
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
    return this.slots.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  /** Drops every entry (the chain changed: each answer may differ now). */
  clear(): void {
    this.slots.clear();
    this.bytes = 0;
  }

  get(key: string): Entry | undefined {
    this.sync();
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    slot.used = true;
    return slot.entry;
  }

  set(key: string, value: Entry): void {
    this.sync();
    if (value.body.length > this.limits.maxBytes || this.limits.maxEntries < 1) return;
    const old = this.slots.get(key);
    if (old) {
      this.slots.delete(key);
      this.bytes -= old.entry.body.length;
    }
    this.slots.set(key, { entry: value, used: false });
    this.bytes += value.body.length;
    // The sweep starts at the oldest insertion. A slot read since it was last passed, or the one
    // just stored, goes to the back with its flag cleared; the first one with neither goes.
    for (const [candidate, slot] of this.slots) {
      if (this.slots.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.slots.delete(candidate);
      if (slot.used || candidate === key) {
        slot.used = false;
        this.slots.set(candidate, slot);
      } else {
        this.bytes -= slot.entry.body.length;
      }
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
