import type { components } from '../../spec/types.ts';
import type { MempoolSamples } from '../query/mempool-stats.ts';
import { percentileCont } from './percentile.ts';

type Priorities = components['schemas']['MempoolFeePriorities'];
type Priority = components['schemas']['MempoolFeePriority'];

/** Types the real service reports on their own (coinbase and poison-microblock fees count in `all` only). */
const BY_TYPE = ['token_transfer', 'contract_call', 'smart_contract'] as const;

/**
 * The fee priorities of the pending transactions the mempool statistics count: their 25th, 50th,
 * 75th and 95th continuous percentiles, rounded as PostgreSQL rounds a `double precision`.
 */
export function serializeMempoolFees(samples: MempoolSamples): Priorities {
  const all = Object.values(samples).flatMap((s) => s.fees);
  const out: Priorities = {
    all: priorities(all) ?? { no_priority: 0, low_priority: 0, medium_priority: 0, high_priority: 0 },
  };
  for (const type of BY_TYPE) {
    const p = priorities(samples[type].fees);
    if (p) out[type] = p;
  }
  return out;
}

function priorities(fees: readonly number[]): Priority | undefined {
  if (fees.length === 0) return undefined;
  const sorted = [...fees].sort((a, b) => a - b);
  const at = (fraction: number): number => roundHalfEven(percentileCont(sorted, fraction) as number);
  return { no_priority: at(0.25), low_priority: at(0.5), medium_priority: at(0.75), high_priority: at(0.95) };
}

/** Round half to even: `round()` of a PostgreSQL `double precision` (the C library's `rint`). */
export function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction !== 0.5) return Math.round(value);
  return floor % 2 === 0 ? floor : floor + 1;
}
