import { tipHeight, type Chain } from '../world/tables/chain.ts';
import {
  MEMPOOL_TX_TYPES,
  Status,
  txTypeOf,
  type Action,
  type MempoolTxType,
} from '../world/tables/kinds.ts';

/**
 * Per transaction type, the fee and age (in blocks) of each pending transaction, and its mempool
 * row: its byte size is its serialization's, which the serializer measures.
 */
export type MempoolSamples = Record<MempoolTxType, { fees: number[]; ages: number[]; rows: number[] }>;

/**
 * Samples of the pending mempool transactions; dropped ones are no longer in the mempool, nor are
 * those `replaced` by fee (by mempool row).
 */
export function mempoolSamples(chain: Chain, replaced?: ReadonlyMap<number, string>): MempoolSamples {
  const samples = Object.fromEntries(
    MEMPOOL_TX_TYPES.map((type) => [
      type,
      { fees: [] as number[], ages: [] as number[], rows: [] as number[] },
    ]),
  ) as MempoolSamples;
  const m = chain.mempool;
  // The real service counts ages from the tip with its unanchored microblocks: one past the anchored tip when any.
  const tip = tipHeight(chain) + (chain.txs.count > chain.anchoredCount ? 1 : 0);
  for (let tx = 0; tx < m.count; tx++) {
    if (m.status[tx] !== Status.Pending || replaced?.has(tx)) continue;
    const type = txTypeOf(m.action[tx] as Action) as MempoolTxType;
    const sample = samples[type];
    sample.fees.push(m.fee.at(tx));
    sample.ages.push(tip - (m.height[tx] as number));
    sample.rows.push(tx);
  }
  return samples;
}
