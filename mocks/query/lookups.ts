import type { Chain } from '../world/tables/chain.ts';
import { blockKeys, HashIndex, txIdKeys } from './hash-index.ts';
import { BlockKey } from '../world/tables/block-table.ts';
import { parseHash32 } from '../world/hex.ts';

export interface TxLocation {
  readonly table: 'chain' | 'mempool';
  readonly tx: number;
}

/** Lookups by 32-byte hash: transactions (mined and mempool) and blocks (hash, index hash). */
export class ChainLookups {
  private readonly txById: HashIndex;
  private mempoolById: HashIndex;
  private readonly blockByHash: HashIndex;
  private readonly blockByIndexHash: HashIndex;

  constructor(private readonly chain: Chain) {
    this.txById = new HashIndex(() => txIdKeys(chain.txs), chain.txs.count);
    this.mempoolById = new HashIndex(() => txIdKeys(chain.mempool), chain.mempool.count);
    this.blockByHash = new HashIndex(() => blockKeys(chain.blocks, BlockKey.Hash), chain.blocks.count);
    this.blockByIndexHash = new HashIndex(
      () => blockKeys(chain.blocks, BlockKey.IndexHash),
      chain.blocks.count,
    );
  }

  /** Takes in the blocks and transactions appended since; the mempool (small) is indexed anew. */
  extend(): void {
    const chain = this.chain;
    this.txById.extend(chain.txs.count);
    this.blockByHash.extend(chain.blocks.count);
    this.blockByIndexHash.extend(chain.blocks.count);
    this.mempoolById = new HashIndex(() => txIdKeys(chain.mempool), chain.mempool.count);
  }

  /** Where a normalized (`0x`, lowercase) transaction id lives, if anywhere. */
  findTx(txId: string): TxLocation | undefined {
    const key = parseHash32(txId);
    if (!key) return undefined;
    const mined = this.txById.find(key);
    if (mined >= 0) return { table: 'chain', tx: mined };
    const pending = this.mempoolById.find(key);
    return pending >= 0 ? { table: 'mempool', tx: pending } : undefined;
  }

  /** Height of the block whose hash (or, when allowed, index block hash) is `hash`. */
  blockHeightByHash(hash: string, matchIndexHash: boolean): number | undefined {
    const key = parseHash32(hash);
    if (!key) return undefined;
    let row = this.blockByHash.find(key);
    if (row < 0 && matchIndexHash) row = this.blockByIndexHash.find(key);
    return row < 0 ? undefined : row + 1;
  }
}
