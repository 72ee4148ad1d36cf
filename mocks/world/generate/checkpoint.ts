import type { QueuedRequest } from './build-state.ts';
import type { ChainClock } from './clock.ts';
import type { TxTable } from '../tables/tx-table.ts';

/**
 * Everything a reorg needs to go back to the chain as it was after one block: table lengths (the
 * tables only grow, so lengths suffice), the ledger's journal mark, and copies of the small running
 * state (nonces, queue, mempool, clock). The builder keeps one per recent block.
 */
export interface Checkpoint {
  readonly blocks: number;
  readonly txs: number;
  readonly microblocks: number;
  readonly principals: number;
  readonly contracts: number;
  readonly deployed: { ft: number; nft: number; vault: number; plain: number };
  /** The ledger's journal position: rewinding to it undoes the blocks after. */
  readonly ledgerMark: number;
  readonly nonces: readonly number[];
  readonly chainNonces: readonly number[];
  readonly queue: readonly QueuedRequest[];
  readonly mempool: TxTable;
  readonly receiptTime: readonly number[];
  readonly submitted: ReadonlySet<string>;
  readonly clock: ChainClock;
}

/** A checkpoint from live state: the mutable parts are copied, so later blocks cannot change it. */
export function takeCheckpoint(state: Checkpoint): Checkpoint {
  return {
    ...state,
    deployed: { ...state.deployed },
    nonces: [...state.nonces],
    chainNonces: [...state.chainNonces],
    queue: state.queue.map((q) => ({ ...q })),
    mempool: state.mempool.filtered(() => true),
    receiptTime: [...state.receiptTime],
    submitted: new Set(state.submitted),
    clock: { ...state.clock },
  };
}
