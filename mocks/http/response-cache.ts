import { perVersion, type Versioned } from '../query/version-memo.ts';
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
 * nothing else: at one version of the chain, a URL always routes to the same operation,
 * and the handler sees only the path and query values, which validation derives from the URL
 * alone. Keying on the URL rather than the validated values lets a hit skip routing and
 * validation too (an address's checksum costs a SHA-256); URLs spelled differently for the same
 * request simply get an entry each.
 */
export interface CachedAnswer extends SerializedJson {
  /** The operation the URL routed to, whose per-request stages a hit still goes through. */
  operationId: string;
  /** Whether the route's ETag step found something: else the answer goes with `no-store` and no ETag. */
  tagged: boolean;
}

interface Slot<Entry> {
  entry: Entry;
  /** Read since the eviction sweep last passed it: it is passed over once more (second chance). */
  used: boolean;
}

/**
 * The answers that hold longer than one version of the world: those that read the mined chain
 * only, kept while `world.version` (the mined chain's) stays, across mempool-only changes.
 */
export interface LastingAnswers<Entry> {
  world: Versioned;
  holds(entry: Entry): boolean;
}

/** One version's answers, and their bytes. */
interface Store<Entry> {
  slots: Map<string, Slot<Entry>>;
  bytes: number;
}

/**
 * Serialized 200 answers (body bytes and ETag), bounded in count and bytes so a client walking
 * many distinct URLs cannot grow memory. Eviction is CLOCK, the cheap approximation of least
 * recently used: a hit only sets a flag, where exact LRU would move the entry on every hit, and a
 * hit is the one path that must cost next to nothing. The answers belong to one version of the
 * world (`perVersion`): when the chain moves, the next read starts from an empty store.
 */
export class ResponseCache<Entry extends SerializedJson = CachedAnswer> {
  private readonly store: () => Store<Entry>;
  private readonly lastingStore: () => Store<Entry>;

  /** `lasting`: the answers kept per version of the mined chain instead, in a store of their own (each store within `limits`). */
  constructor(
    world: Versioned = { version: 0 },
    private readonly limits: ResponseCacheLimits = RESPONSE_CACHE_LIMITS,
    private readonly lasting?: LastingAnswers<Entry>,
  ) {
    this.store = perVersion(world, () => ({ slots: new Map(), bytes: 0 }));
    this.lastingStore = lasting
      ? perVersion(lasting.world, () => ({ slots: new Map(), bytes: 0 }))
      : this.store;
  }

  get size(): number {
    return this.store().slots.size + (this.lasting ? this.lastingStore().slots.size : 0);
  }

  get byteSize(): number {
    return this.store().bytes + (this.lasting ? this.lastingStore().bytes : 0);
  }

  get(key: string): Entry | undefined {
    const slot = this.store().slots.get(key) ?? this.lastingStore().slots.get(key);
    if (!slot) return undefined;
    slot.used = true;
    return slot.entry;
  }

  set(key: string, value: Entry): void {
    const store = this.lasting?.holds(value) ? this.lastingStore() : this.store();
    const { slots } = store;
    if (value.body.length > this.limits.maxBytes || this.limits.maxEntries < 1) return;
    const old = slots.get(key);
    if (old) {
      slots.delete(key);
      store.bytes -= old.entry.body.length;
    }
    slots.set(key, { entry: value, used: false });
    store.bytes += value.body.length;
    // The sweep starts at the oldest insertion. A slot read since it was last passed, or the one
    // just stored, goes to the back with its flag cleared; the first one with neither goes.
    for (const [candidate, slot] of slots) {
      if (slots.size <= this.limits.maxEntries && store.bytes <= this.limits.maxBytes) break;
      slots.delete(candidate);
      if (slot.used || candidate === key) {
        slot.used = false;
        slots.set(candidate, slot);
      } else {
        store.bytes -= slot.entry.body.length;
      }
    }
  }
}
