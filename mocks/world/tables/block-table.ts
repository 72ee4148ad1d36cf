/**
 * Anchored blocks as columns; the block at height h is row h - 1. The burn block hash and the
 * miner's txid belong to the tenure, which spans several Nakamoto blocks: they are kept once per
 * tenure, at `tenureRow(row)`.
 */
export class BlockTable {
  count = 0;
  hash: Uint8Array;
  indexHash: Uint8Array;
  /** 32 bytes per tenure. */
  burnHash: Uint8Array;
  /** 32 bytes per tenure. */
  minerTxid: Uint8Array;
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
    this.hash = new Uint8Array(capacity * 32);
    this.indexHash = new Uint8Array(capacity * 32);
    this.burnHash = new Uint8Array(64 * 32);
    this.minerTxid = new Uint8Array(64 * 32);
    this.time = new Uint32Array(capacity);
    this.burnTime = new Uint32Array(capacity);
    this.burnHeight = new Uint32Array(capacity);
    this.tenureHeight = new Uint32Array(capacity);
    this.firstTx = new Uint32Array(capacity);
    this.txCount = new Uint32Array(capacity);
    this.miner = new Int32Array(capacity);
    this.reward = new Float64Array(capacity);
  }

  /** The byte offset of a block's tenure in `burnHash` and `minerTxid`. */
  tenureOffset(row: number): number {
    return ((this.tenureHeight[row] as number) - 1) * 32;
  }

  /** Sets the burn block hash and miner txid of tenure `tenureHeight` (1 for the first). */
  setTenure(tenureHeight: number, burnHash: Uint8Array, minerTxid: Uint8Array): void {
    const offset = (tenureHeight - 1) * 32;
    if (offset + 32 > this.burnHash.length) {
      this.burnHash = grow(this.burnHash, (offset + 32) * 2, Uint8Array);
      this.minerTxid = grow(this.minerTxid, (offset + 32) * 2, Uint8Array);
    }
    this.burnHash.set(burnHash, offset);
    this.minerTxid.set(minerTxid, offset);
  }

  /** Room for one more block (a living chain grows); capacity doubles, so appending stays O(1). */
  ensureRoom(): void {
    if (this.count < this.capacity) return;
    const n = this.capacity * 2;
    this.hash = grow(this.hash, n * 32, Uint8Array);
    this.indexHash = grow(this.indexHash, n * 32, Uint8Array);
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
}

type Column = Uint8Array | Uint32Array | Int32Array | Float64Array;

function grow<T extends Column>(from: T, length: number, Kind: new (n: number) => T): T {
  const to = new Kind(length);
  to.set(from as never);
  return to;
}
