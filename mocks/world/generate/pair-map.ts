/** The key word of a free slot: `a` is never negative. */
const FREE = -1;

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

/**
 * A map from (a, b) to a number, in three typed arrays (open addressing, linear probing): a world
 * holds over a million token balances, and as Map entries of boxed numbers they would fill the JS
 * heap and the collector's work. `a` is a small non-negative integer (a contract index), `b` any
 * number (a principal, a token id). Keys are never removed: a key set to `missing` reads as one
 * never set, which is all the ledger needs, and it keeps probing free of tombstones.
 */
export class PairMap {
  private keysA: Int32Array;
  private keysB: Float64Array;
  private values: Float64Array;
  private size = 0;

  /** `missing`: what a key never set reads as. */
  constructor(private readonly missing: number) {
    // A power of two, as every capacity after it: the hash is masked, not divided.
    this.keysA = new Int32Array(1024).fill(FREE);
    this.keysB = new Float64Array(1024);
    this.values = new Float64Array(1024);
  }

  get(a: number, b: number): number {
    const slot = this.find(a, b);
    return this.keysA[slot] === FREE ? this.missing : (this.values[slot] as number);
  }

  set(a: number, b: number, value: number): void {
    if (!(a >= 0 && (a | 0) === a)) throw new RangeError(`pair map key ${a} is not a small integer`);
    let slot = this.find(a, b);
    if (this.keysA[slot] === FREE) {
      // At most 70% full: a miss (most FT lookups are) then probes a few slots.
      if ((this.size + 1) * 10 > this.keysA.length * 7) {
        this.rehash(this.keysA.length * 2);
        slot = this.find(a, b);
      }
      this.keysA[slot] = a;
      this.keysB[slot] = b;
      this.size++;
    }
    this.values[slot] = value;
  }

  /** The slot holding (a, b), or the free slot where it would go. */
  private find(a: number, b: number): number {
    const keysA = this.keysA;
    const keysB = this.keysB;
    const mask = keysA.length - 1;
    let slot = slotHash(a, b) & mask;
    for (;;) {
      const at = keysA[slot] as number;
      if (at === FREE || (at === a && keysB[slot] === b)) return slot;
      slot = (slot + 1) & mask;
    }
  }

  private rehash(capacity: number): void {
    const { keysA, keysB, values } = this;
    this.keysA = new Int32Array(capacity).fill(FREE);
    this.keysB = new Float64Array(capacity);
    this.values = new Float64Array(capacity);
    for (let i = 0; i < keysA.length; i++) {
      const a = keysA[i] as number;
      if (a === FREE) continue;
      const b = keysB[i] as number;
      const slot = this.find(a, b);
      this.keysA[slot] = a;
      this.keysB[slot] = b;
      this.values[slot] = values[i] as number;
    }
  }
}

function slotHash(a: number, b: number): number {
  // Small integers (principals, generated token ids) hash as themselves; other numbers by their bits.
  let h = (b | 0) === b ? b : hashBits(b);
  h = Math.imul(h ^ Math.imul(a, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function hashBits(b: number): number {
  bits[0] = b;
  return (words[0] as number) ^ Math.imul(words[1] as number, 0x27d4eb2d);
}
