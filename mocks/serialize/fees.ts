import type { MempoolSamples } from '../query/mempool-stats.ts';
import { MEMPOOL_TX_TYPES } from '../world/tables/kinds.ts';
import type { Chain } from '../world/tables/chain.ts';
import { percentileCont } from './percentile.ts';
import { rawTxOf } from './raw-tx.ts';
import type { FeeTransactionResponse } from './types.ts';

/** The node's minimum relay fee rate: 1 micro-STX a byte. */
const MIN_RATE = 1;

/** Micro-STX a byte of each pending transaction of the given types, ascending. */
function ratesOf(chain: Chain, samples: MempoolSamples, types: readonly (keyof MempoolSamples)[]): number[] {
  const rates: number[] = [];
  for (const type of types) {
    const { fees, rows } = samples[type];
    rows.forEach((row, i) => {
      const bytes = (rawTxOf(chain, chain.mempool, row).hex.length - 2) / 2;
      rates.push((fees[i] as number) / bytes);
    });
  }
  return rates.sort((a, b) => a - b);
}

/** `GET /v2/fees/transfer`: the median rate of the pending token transfers, a whole number, at least 1. */
export function serializeTransferFeeRate(chain: Chain, samples: MempoolSamples): number {
  const median = percentileCont(ratesOf(chain, samples, ['token_transfer']), 0.5);
  return Math.max(MIN_RATE, Math.round(median ?? MIN_RATE));
}

/**
 * `POST /v2/fees/transaction`: the 25th, 50th and 75th percentile rates of every pending
 * transaction, each times the scalar cost (the estimated length: the mock runs no Clarity, so the
 * execution cost is zero), each fee at least the minimum relay fee of that length.
 */
export function serializeFeeEstimate(
  chain: Chain,
  samples: MempoolSamples,
  length: number,
): FeeTransactionResponse {
  const rates = ratesOf(chain, samples, MEMPOOL_TX_TYPES);
  const scalar = Math.max(1, length);
  return {
    estimated_cost: { read_count: 0, read_length: 0, runtime: 0, write_count: 0, write_length: 0 },
    estimated_cost_scalar: scalar,
    cost_scalar_change_by_byte: 1,
    estimations: [0.25, 0.5, 0.75].map((q) => {
      const fee_rate = Math.max(MIN_RATE, percentileCont(rates, q) ?? MIN_RATE);
      return { fee_rate, fee: Math.max(length * MIN_RATE, Math.ceil(fee_rate * scalar)) };
    }),
  };
}
