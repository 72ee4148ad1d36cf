import { contractAt, variant, type Chain } from '../tables/chain.ts';
import { sourceOf } from './contract-source.ts';
import { Action } from '../tables/kinds.ts';
import type { TxTable } from '../tables/tx-table.ts';

export type ExecutionCost = [
  readCount: number,
  readLength: number,
  runtime: number,
  writeCount: number,
  writeLength: number,
];

/**
 * Execution cost of a mined transaction. Transfers, coinbases, tenure changes and poison
 * microblocks run no Clarity code, so they cost nothing, as on the real chain.
 */
export function costsOf(chain: Chain, tx: number): ExecutionCost {
  const t = chain.txs;
  const action = t.action[tx] as Action;
  const v = (byte: number): number => variant(t, tx, byte);
  switch (action) {
    case Action.Coinbase:
    case Action.TenureChange:
    case Action.PoisonMicroblock:
    case Action.StxTransfer:
      return [0, 0, 0, 0, 0];
    case Action.Deploy:
    case Action.Genesis: {
      const length = sourceOf(contractAt(chain, t.contract[tx] as number)).length;
      return [5 + (v(4) % 10), 2000 + v(5) * 16, 100000 + length * 40, 2 + (v(6) % 3), length + 200 + v(7)];
    }
    default: {
      const heavy = action === Action.StackStx ? 300000 : 0;
      return [4 + (v(4) % 12), 1500 + v(5) * 40, 20000 + v(6) * 800 + heavy, 1 + (v(7) % 4), 50 + v(8) * 3];
    }
  }
}

/** Serialized size in bytes of a transaction in `table` (the chain's or the mempool's). */
export function byteSizeOf(chain: Chain, table: TxTable, tx: number): number {
  const sponsored = (table.sponsor[tx] as number) >= 0 ? 66 : 0;
  const jitter = variant(table, tx, 9) % 16;
  const base = 113 + sponsored + jitter;
  switch (table.action[tx] as Action) {
    case Action.StxTransfer:
      return base + 67;
    case Action.Coinbase:
      return base + 33;
    case Action.TenureChange:
      return base + 111;
    case Action.PoisonMicroblock:
      return base + 2 * 132;
    case Action.Deploy:
    case Action.Genesis:
      return base + 45 + sourceOf(contractAt(chain, table.contract[tx] as number)).length;
    case Action.StackStx:
      return base + 240;
    default:
      return base + 60 + 4 * 40;
  }
}
