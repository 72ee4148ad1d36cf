import { tipHeight, type Chain } from '../world/tables/chain.ts';
import { byteSizeOf } from '../world/derive/costs.ts';
import {
  MEMPOOL_TX_TYPES,
  Status,
  txTypeOf,
  type Action,
  type MempoolTxType,
} from '../world/tables/kinds.ts';
import { percentileCont } from './percentile.ts';

export interface Percentiles {
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p95: number | null;
}

export interface MempoolStats {
  tx_type_counts: Record<MempoolTxType, number>;
  tx_simple_fee_averages: Record<MempoolTxType, Percentiles>;
  tx_ages: Record<MempoolTxType, Percentiles>;
  tx_byte_sizes: Record<MempoolTxType, Percentiles>;
}

/** Statistics of the pending mempool transactions; dropped ones are no longer in the mempool. */
export function mempoolStats(chain: Chain): MempoolStats {
  const samples = Object.fromEntries(
    MEMPOOL_TX_TYPES.map((type) => [
      type,
      { fees: [] as number[], ages: [] as number[], sizes: [] as number[] },
    ]),
  ) as Record<MempoolTxType, { fees: number[]; ages: number[]; sizes: number[] }>;
  const m = chain.mempool;
  const tip = tipHeight(chain);
  for (let tx = 0; tx < m.count; tx++) {
    if (m.status[tx] !== Status.Pending) continue;
    const type = txTypeOf(m.action[tx] as Action) as MempoolTxType;
    const sample = samples[type];
    sample.fees.push(m.fee[tx] as number);
    sample.ages.push(tip - (m.height[tx] as number));
    sample.sizes.push(byteSizeOf(chain, m, tx));
  }
  const per = (pick: (s: { fees: number[]; ages: number[]; sizes: number[] }) => number[]) =>
    Object.fromEntries(MEMPOOL_TX_TYPES.map((type) => [type, percentiles(pick(samples[type]))])) as Record<
      MempoolTxType,
      Percentiles
    >;
  return {
    tx_type_counts: Object.fromEntries(
      MEMPOOL_TX_TYPES.map((type) => [type, samples[type].fees.length]),
    ) as Record<MempoolTxType, number>,
    tx_simple_fee_averages: per((s) => s.fees),
    tx_ages: per((s) => s.ages),
    tx_byte_sizes: per((s) => s.sizes),
  };
}

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p25: percentileCont(sorted, 0.25),
    p50: percentileCont(sorted, 0.5),
    p75: percentileCont(sorted, 0.75),
    p95: percentileCont(sorted, 0.95),
  };
}
