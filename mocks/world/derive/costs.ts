import { clarityTxOf, contractAt, variant, type Chain } from '../tables/chain.ts';
import { sourceOf } from './contract-source.ts';
import { Action, Status } from '../tables/kinds.ts';

export type ExecutionCost = [
  readCount: number,
  readLength: number,
  runtime: number,
  writeCount: number,
  writeLength: number,
];

/**
 * Execution cost of a mined transaction. Transfers, coinbases, tenure changes and poison
 * microblocks run no Clarity code, so they cost nothing, as on the real chain; a deployment or
 * call only the Clarity engine runs costs what the engine counted.
 */
export function costsOf(chain: Chain, tx: number): ExecutionCost {
  const t = chain.txs;
  const action = t.action[tx] as Action;
  // A transaction skipped as problematic ran nothing: a stacks-node's receipt says ZERO.
  if (t.status[tx] === Status.ProblematicSkipped) return [0, 0, 0, 0, 0];
  // What only the engine runs costs what the engine counted.
  const counted = clarityTxOf(chain, t, tx)?.outcome?.costs;
  if (counted) return [...counted];
  switch (action) {
    case Action.Coinbase:
    case Action.TenureChange:
    case Action.PoisonMicroblock:
    case Action.StxTransfer:
      return [0, 0, 0, 0, 0];
    case Action.Deploy:
    case Action.Genesis: {
      const length = sourceOf(chain, contractAt(chain, t.contract[tx] as number)).length;
      return [
        5 + (variant(t, tx, 4) % 10),
        2000 + variant(t, tx, 5) * 16,
        100000 + length * 40,
        2 + (variant(t, tx, 6) % 3),
        length + 200 + variant(t, tx, 7),
      ];
    }
    default: {
      const heavy = action === Action.StackStx ? 300000 : 0;
      return [
        4 + (variant(t, tx, 4) % 12),
        1500 + variant(t, tx, 5) * 40,
        20000 + variant(t, tx, 6) * 800 + heavy,
        1 + (variant(t, tx, 7) % 4),
        50 + variant(t, tx, 8) * 3,
      ];
    }
  }
}

/**
 * A block's execution cost: the sum over its transactions, in chain order. Derived when asked
 * rather than stored: 40 bytes a block saved, and nothing to compute while generating.
 */
export function blockCostsOf(chain: Chain, height: number): ExecutionCost {
  const b = chain.blocks;
  const row = height - 1;
  const first = b.firstTx[row] as number;
  const end = first + (b.txCount[row] as number);
  const sums: ExecutionCost = [0, 0, 0, 0, 0];
  for (let tx = first; tx < end; tx++) {
    const costs = costsOf(chain, tx);
    for (let k = 0; k < 5; k++) sums[k] = (sums[k] as number) + (costs[k] as number);
  }
  return sums;
}
