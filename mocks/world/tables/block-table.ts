import { grow } from './grow.ts';
import { toHex } from '../hex.ts';
import { Rng } from '../rng.ts';

/**
 * The 32-byte keys of a block: its hash and index block hash, and its tenure's burn block hash and
 * miner's txid. Each pair is 16 consecutive draws of the world's generator (the first key, then the
 * second), kept as the 16-byte state that drew them.
 */
export const BlockKey = { Hash: 0, IndexHash: 1, BurnHash: 2, MinerTxid: 3 } as const;
export type BlockKey = (typeof BlockKey)[keyof typeof BlockKey];

/** Draws of a pair of keys; of one key. */
const PAIR_WORDS = 16;
const KEY_WORDS = 8;
/** Redraws keys from saved states; one for all tables, used within a call only. */
const scratch = new Rng(0);
const hexBytes = new Uint8Array(32);

/**
 * Anchored blocks as columns; the block at height h is row h - 1. The burn block hash and the
 * miner's txid belong to the tenure, which spans several Nakamoto blocks: they are kept once per
 * tenure, found through the block's `tenureHeight`.
 */
export class BlockTable {
  count = 0;
  /** Per block, 4 words: the state of the generator that drew its hash and index hash (`drawHashes`). */
  hashStates: Uint32Array;
  /** Per tenure, 4 words: the state that drew its burn block hash and miner's txid (`drawTenure`). */
  tenureStates: Uint32Array;
  time: Uint32Array;
  burnTime: Uint32Array;
  burnHeight: Uint32Array;
  tenureHeight: Uint32Array;
  /** Index of the block's first transaction in the chain's tx table. */
  firstTx: Uint32Array;
  txCount: Uint32Array;
  /** The tenure's miner, who receives this block's reward. */
  miner: Int32Array;
  /** Coinbase (when the block starts a tenure) plus the block's fees, in micro-STX. */
  reward: Float64Array;

  constructor(public capacity: number) {
    this.hashStates = new Uint32Array(capacity * 4);
    // A tenure has at least one block: the chain's tenures fit without growing.
    this.tenureStates = new Uint32Array(capacity * 4);
    this.time = new Uint32Array(capacity);
    this.burnTime = new Uint32Array(capacity);
    this.burnHeight = new Uint32Array(capacity);
    this.tenureHeight = new Uint32Array(capacity);
    this.firstTx = new Uint32Array(capacity);
    this.txCount = new Uint32Array(capacity);
    this.miner = new Int32Array(capacity);
    this.reward = new Float64Array(capacity);
  }

  /**
   * The hash and index hash of `row` are the next 64 bytes `rng` draws (`rng.fill`): the table keeps
   * the state it draws them from and `rng` moves past them, so the world's later draws are what they would be.
   */
  drawHashes(row: number, rng: Rng): void {
    rng.save(this.hashStates, row * 4);
    rng.skip(PAIR_WORDS);
  }

  /** Likewise the burn block hash and miner's txid of tenure `tenureHeight` (1 for the first). */
  drawTenure(tenureHeight: number, rng: Rng): void {
    const at = (tenureHeight - 1) * 4;
    if (at + 4 > this.tenureStates.length)
      this.tenureStates = grow(this.tenureStates, (at + 4) * 2, Uint32Array);
    rng.save(this.tenureStates, at);
    rng.skip(PAIR_WORDS);
  }

  /** The first four bytes of a key of `row`, little-endian: what the hash indexes hash. */
  firstWord(key: BlockKey, row: number): number {
    return Rng.drawAt(this.statesOf(key), this.stateAt(key, row), isFirstOfPair(key) ? 0 : KEY_WORDS);
  }

  /** Whether a key of `row` is `expected` (32 bytes). */
  equals(key: BlockKey, row: number, expected: Uint8Array): boolean {
    return this.drawer(key, row).matches(expected);
  }

  /** A key of `row`: its first `length` bytes, into `out` at `offset` (a fresh array by default). */
  bytes(key: BlockKey, row: number, out = new Uint8Array(32), offset = 0, length = 32): Uint8Array {
    this.drawer(key, row).fill(out, offset, length);
    return out;
  }

  /** A key of `row` as `0x` and lowercase hex: its first `length` bytes (a consensus hash takes 20). */
  hex(key: BlockKey, row: number, length = 32): string {
    return toHex(this.bytes(key, row, hexBytes, 0, length), 0, length);
  }

  /** Room for one more block (a living chain grows); capacity doubles, so appending stays O(1). */
  ensureRoom(): void {
    if (this.count < this.capacity) return;
    const n = this.capacity * 2;
    this.hashStates = grow(this.hashStates, n * 4, Uint32Array);
    this.time = grow(this.time, n, Uint32Array);
    this.burnTime = grow(this.burnTime, n, Uint32Array);
    this.burnHeight = grow(this.burnHeight, n, Uint32Array);
    this.tenureHeight = grow(this.tenureHeight, n, Uint32Array);
    this.firstTx = grow(this.firstTx, n, Uint32Array);
    this.txCount = grow(this.txCount, n, Uint32Array);
    this.miner = grow(this.miner, n, Int32Array);
    this.reward = grow(this.reward, n, Float64Array);
    this.capacity = n;
  }

  /** Drops the blocks above `count` (a reorg); the blocks that replace them overwrite their rows. */
  truncate(count: number): void {
    this.count = count;
  }

  /** Row of a height, or -1 outside the chain. */
  row(height: number): number {
    return Number.isInteger(height) && height >= 1 && height <= this.count ? height - 1 : -1;
  }

  /** A generator at the first draw of a key of `row`. */
  private drawer(key: BlockKey, row: number): Rng {
    const r = scratch.restore(this.statesOf(key), this.stateAt(key, row));
    if (!isFirstOfPair(key)) r.skip(KEY_WORDS);
    return r;
  }

  private statesOf(key: BlockKey): Uint32Array {
    return isTenureKey(key) ? this.tenureStates : this.hashStates;
  }

  private stateAt(key: BlockKey, row: number): number {
    return isTenureKey(key) ? ((this.tenureHeight[row] as number) - 1) * 4 : row * 4;
  }
}

function isTenureKey(key: BlockKey): boolean {
  return key === BlockKey.BurnHash || key === BlockKey.MinerTxid;
}

function isFirstOfPair(key: BlockKey): boolean {
  return key === BlockKey.Hash || key === BlockKey.BurnHash;
}
