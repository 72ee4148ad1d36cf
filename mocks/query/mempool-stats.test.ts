import { describe, expect, it } from 'vitest';
import { tipHeight, type Chain } from '../world/tables/chain.ts';
import { rawTxOf } from '../serialize/raw-tx.ts';
import { txTypeOf, MEMPOOL_TX_TYPES, Status, type Action } from '../world/tables/kinds.ts';
import { serializeMempoolStats } from '../serialize/mempool-stats.ts';
import { mempoolSamples } from './mempool-stats.ts';
import type { MempoolStats } from '../serialize/types.ts';
import { SEEDS, testWorld } from '../../testing/worlds/test-worlds.ts';

/** Nearest-rank-free reference: sort, then interpolate at p * (n - 1). */
function reference(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const at = p * (s.length - 1);
  const lo = s[Math.floor(at)]!;
  const hi = s[Math.ceil(at)]!;
  return lo + (hi - lo) * (at - Math.floor(at));
}

function pendingSamples(chain: Chain) {
  const m = chain.mempool;
  const out = Object.fromEntries(
    MEMPOOL_TX_TYPES.map((t) => [t, { fees: [] as number[], ages: [] as number[], sizes: [] as number[] }]),
  );
  for (let tx = 0; tx < m.count; tx++) {
    if (m.status[tx] !== Status.Pending) continue;
    const s = out[txTypeOf(m.action[tx] as Action)]!;
    s.fees.push(m.fee.at(tx));
    // From the tip with its unanchored microblocks, as the real service counts.
    s.ages.push(tipHeight(chain) + (chain.txs.count > chain.anchoredCount ? 1 : 0) - m.height[tx]!);
    // The bytes the real service would receive.
    s.sizes.push((rawTxOf(chain, m, tx).hex.length - 2) / 2);
  }
  return out;
}

describe.each(SEEDS)('mempool statistics of world %i', (seed) => {
  const { mock, world, chain } = testWorld(seed);
  const stats = world.get('get_mempool_transaction_stats') as MempoolStats;

  it('has exactly the four mempool transaction types as keys', () => {
    for (const part of Object.values(stats))
      expect(Object.keys(part).sort()).toEqual([...MEMPOOL_TX_TYPES].sort());
  });

  it('counts the pending transactions of each type, not the dropped ones', () => {
    const samples = pendingSamples(chain);
    for (const type of MEMPOOL_TX_TYPES) expect(stats.tx_type_counts[type]).toBe(samples[type]!.fees.length);
    const total = Object.values(stats.tx_type_counts).reduce((a, b) => a + b, 0);
    expect(total).toBe(world.catalogue().transactions.mempool.pending.length);
    expect(total).toBe(mock.live.queries.options.mempoolSize);
    for (const type of MEMPOOL_TX_TYPES) expect(stats.tx_type_counts[type]).toBeGreaterThan(0);
  });

  it('reports continuous percentiles of fee, age and byte size', () => {
    const samples = pendingSamples(chain);
    for (const type of MEMPOOL_TX_TYPES) {
      for (const [part, values] of [
        [stats.tx_simple_fee_averages, samples[type]!.fees],
        [stats.tx_ages, samples[type]!.ages],
        [stats.tx_byte_sizes, samples[type]!.sizes],
      ] as const) {
        expect(part[type]).toEqual({
          p25: reference(values, 0.25),
          p50: reference(values, 0.5),
          p75: reference(values, 0.75),
          p95: reference(values, 0.95),
        });
        expect(part[type].p25!).toBeLessThanOrEqual(part[type].p95!);
      }
    }
    const all = Object.values(stats).flatMap((part) =>
      Object.values(part as object).flatMap((v) => (typeof v === 'object' ? Object.values(v) : [])),
    );
    expect(all.some((v) => typeof v === 'number' && !Number.isInteger(v))).toBe(true);
    for (const age of Object.values(stats.tx_ages).flatMap((p) => Object.values(p)))
      expect(age).toBeGreaterThanOrEqual(0);
  });

  it('samples the mempool once per version of the world', () => {
    expect(mock.live.queries.mempoolSamples()).toBe(mock.live.queries.mempoolSamples());
  });
});

describe('mempool statistics of a type with no pending transactions', () => {
  it('are null', () => {
    const { chain } = testWorld(1);
    const m = chain.mempool;
    const onlyTransfers = m.filtered(() => true);
    for (let tx = 0; tx < onlyTransfers.count; tx++)
      if (txTypeOf(m.action[tx] as Action) !== 'token_transfer')
        onlyTransfers.status[tx] = Status.DroppedTooExpensive;
    const stats = serializeMempoolStats(
      { ...chain, mempool: onlyTransfers },
      mempoolSamples({ ...chain, mempool: onlyTransfers }),
    );
    expect(stats.tx_type_counts.smart_contract).toBe(0);
    expect(stats.tx_simple_fee_averages.smart_contract).toEqual({
      p25: null,
      p50: null,
      p75: null,
      p95: null,
    });
    expect(stats.tx_ages.contract_call).toEqual({ p25: null, p50: null, p75: null, p95: null });
    expect(stats.tx_byte_sizes.poison_microblock).toEqual({ p25: null, p50: null, p75: null, p95: null });
    expect(stats.tx_type_counts.token_transfer).toBeGreaterThan(0);
  });
});
