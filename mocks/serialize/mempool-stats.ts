import type { MempoolSamples } from '../query/mempool-stats.ts';
import { MEMPOOL_TX_TYPES, type MempoolTxType } from '../world/tables/kinds.ts';
import type { Chain } from '../world/tables/chain.ts';
import { percentileCont } from './percentile.ts';
import { txByteSize } from './raw-tx.ts';
import type { MempoolStats, Percentiles } from './types.ts';

type Sample = MempoolSamples[MempoolTxType];

/**
 * The mempool statistics response: counts and the p25/p50/p75/p95 of each sample, per type. A
 * transaction's byte size is the length of its serialization (raw-tx.ts), as the real service
 * measures the bytes it received (docs/real-service.md).
 */
export function serializeMempoolStats(chain: Chain, samples: MempoolSamples): MempoolStats {
  const size = (tx: number): number => txByteSize(chain, chain.mempool, tx);
  const per = (pick: (s: Sample) => number[]) =>
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
    tx_byte_sizes: per((s) => s.rows.map(size)),
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
