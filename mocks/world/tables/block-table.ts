/** Anchored blocks as columns; the block at height h is row h - 1. */
export class BlockTable {
  count = 0;
  readonly hash: Uint8Array;
  readonly indexHash: Uint8Array;
  readonly burnHash: Uint8Array;
  readonly minerTxid: Uint8Array;
  readonly time: Uint32Array;
  readonly burnTime: Uint32Array;
  readonly burnHeight: Uint32Array;
  readonly tenureHeight: Uint32Array;
  /** Index of the block's first transaction in the chain's tx table. */
  readonly firstTx: Uint32Array;
  readonly txCount: Uint32Array;
  /** The tenure's miner, who receives this block's reward. */
  readonly miner: Int32Array;
  /** Coinbase (when the block starts a tenure) plus the block's fees, in micro-STX. */
  readonly reward: Float64Array;

  constructor(readonly capacity: number) {
    this.hash = new Uint8Array(capacity * 32);
    this.indexHash = new Uint8Array(capacity * 32);
    this.burnHash = new Uint8Array(capacity * 32);
    this.minerTxid = new Uint8Array(capacity * 32);
    this.time = new Uint32Array(capacity);
    this.burnTime = new Uint32Array(capacity);
    this.burnHeight = new Uint32Array(capacity);
    this.tenureHeight = new Uint32Array(capacity);
    this.firstTx = new Uint32Array(capacity);
    this.txCount = new Uint32Array(capacity);
    this.miner = new Int32Array(capacity);
    this.reward = new Float64Array(capacity);
  }

  /** Row of a height, or -1 outside the chain. */
  row(height: number): number {
    return Number.isInteger(height) && height >= 1 && height <= this.count ? height - 1 : -1;
  }
}
