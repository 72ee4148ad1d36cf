// A small seeded PRNG (sfc32, seeded through splitmix32) so that a world is a pure function of
// its seed on every machine and engine: only 32-bit integer arithmetic, no Math.random.

import { readWord } from './hex.ts';

function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** One state's 4 words, stepped by `advance` for `drawAt` and `skip`. */
const scratch = new Uint32Array(4);

/** Steps a state of 4 words past `n` of `u32`'s draws on locals, writing it back once. */
function advance(state: Uint32Array, n: number): void {
  let a = (state[0] as number) | 0;
  let b = (state[1] as number) | 0;
  let c = (state[2] as number) | 0;
  let d = (state[3] as number) | 0;
  for (let i = 0; i < n; i++) {
    const t = (a + b + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
  }
  state[0] = a;
  state[1] = b;
  state[2] = c;
  state[3] = d;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  /**
   * How many words it has drawn, wrapping as int32 (so it stays a small integer to V8): a table
   * keeps the distance between two draws instead of the state at the second (see `IdColumn`).
   */
  draws = 0;

  constructor(seed: number) {
    const mix = splitmix32(seed);
    this.a = mix() | 0;
    this.b = mix() | 0;
    this.c = mix() | 0;
    this.d = mix() | 0;
    // sfc32 needs a few rounds before its output is well mixed.
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** The state now, as 4 words at `offset`: a generator given it by `restore` draws what this one draws next. */
  save(out: Uint32Array, offset: number): void {
    out[offset] = this.a;
    out[offset + 1] = this.b;
    out[offset + 2] = this.c;
    out[offset + 3] = this.d;
  }

  /** Takes a state `save` wrote. */
  restore(from: Uint32Array, offset: number): this {
    this.a = (from[offset] as number) | 0;
    this.b = (from[offset + 1] as number) | 0;
    this.c = (from[offset + 2] as number) | 0;
    this.d = (from[offset + 3] as number) | 0;
    return this;
  }

  /**
   * The `n`th `u32` (from 0) that a generator given the state at `offset` (`restore`) would draw.
   * The hash indexes read one per row as they build: `advance`'s steps on locals, with no
   * generator to restore, cost a fraction of it; the first draw, a + b + d, takes none.
   */
  static drawAt(from: Uint32Array, offset: number, n: number): number {
    for (let i = 0; i < 4; i++) scratch[i] = from[offset + i] as number;
    advance(scratch, n);
    return ((scratch[0] as number) + (scratch[1] as number) + (scratch[3] as number)) >>> 0;
  }

  /** Moves past `n` draws of `u32`, as if they were made (every id and block hash skips 8 or 16 words). */
  skip(n: number): void {
    this.save(scratch, 0);
    advance(scratch, n);
    this.restore(scratch, 0);
    if (n > 0) this.draws = (this.draws + n) | 0;
  }

  u32(): number {
    // The state is kept as int32 (`| 0`): the same bits as uint32, but small integers to V8, so
    // the fields stay unboxed; only the result is read as unsigned.
    const t = (this.a + this.b + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.draws = (this.draws + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (((this.c << 21) | (this.c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1) with 53 bits, so large micro-STX ranges are not coarse. */
  next(): number {
    const hi = this.u32() >>> 5;
    const lo = this.u32() >>> 6;
    // Times 2^-53 rather than over 2^53: the same double, exactly, without a division.
    return (hi * 67108864 + lo) * 1.1102230246251565e-16;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [min, max]. */
  range(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(items.length)] as T;
  }

  /**
   * Index into `weights` drawn proportionally to the weights. `total`: their sum, as `weightsTotal`
   * adds them; a caller drawing from the same weights for every transaction passes it, kept.
   */
  weighted(weights: readonly number[], total = weightsTotal(weights)): number {
    let x = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i] as number;
      if (x < 0) return i;
    }
    return weights.length - 1;
  }

  fill(out: Uint8Array, offset = 0, length = out.length - offset): void {
    for (let i = 0; i < length; i += 4) {
      let v = this.u32();
      for (let j = 0; j < 4 && i + j < length; j++) {
        out[offset + i + j] = v & 0xff;
        v >>>= 8;
      }
    }
  }

  /** Whether the next 32 bytes `fill` would write are `key`; draws up to the first word that differs. */
  matches(key: Uint8Array): boolean {
    for (let at = 0; at < 32; at += 4) if (this.u32() !== readWord(key, at)) return false;
    return true;
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    this.fill(out);
    return out;
  }
}

/** The sum of `weights`, in order: what `Rng.weighted` draws under. */
export function weightsTotal(weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  return total;
}
