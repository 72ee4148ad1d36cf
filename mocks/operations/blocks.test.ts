import { describe, expect, it } from 'vitest';
import { isoOf } from '../serialize/iso.ts';
import { txDetails } from '../../testing/http/kernel-reads.ts';
import { minedTxIds, SEEDS, testWorld } from '../../testing/worlds/test-worlds.ts';

const HASH = /^0x[0-9a-f]{64}$/;

describe.each(SEEDS)('blocks of world %i', (seed) => {
  const { mock, world, chain } = testWorld(seed);
  const tip = mock.live.queries.options.blocks;
  const blocks = Array.from({ length: tip }, (_, i) =>
    world.get('get_block', { path: { height_or_hash: i + 1 } }),
  );

  it('has a block at every height up to the tip and none beyond', () => {
    expect(blocks.every((b) => b !== undefined)).toBe(true);
    expect(world.get('get_block', { path: { height_or_hash: 0 } })).toBeUndefined();
    expect(world.get('get_block', { path: { height_or_hash: tip + 1 } })).toBeUndefined();
    expect(world.get('get_block', { path: { height_or_hash: `0x${'ab'.repeat(32)}` } })).toBeUndefined();
  });

  it('finds the same block by latest, height, hash and index block hash', () => {
    const latest = world.get('get_block', { path: { height_or_hash: 'latest' } });
    expect(latest?.height).toBe(tip);
    for (const height of [1, Math.ceil(tip / 2), tip]) {
      const byHeight = world.get('get_block', { path: { height_or_hash: height } });
      expect(world.get('get_block', { path: { height_or_hash: byHeight!.hash } })).toEqual(byHeight);
      expect(world.get('get_block', { path: { height_or_hash: byHeight!.index_block_hash } })).toEqual(
        byHeight,
      );
    }
    expect(world.get('get_block', { path: { height_or_hash: tip } })).toEqual(latest);
  });

  it('chains parents, with times rising and burn heights never falling', () => {
    expect(blocks[0]!.parent_block_hash).toBe(`0x${'00'.repeat(32)}`);
    for (let i = 1; i < blocks.length; i++) {
      const [prev, block] = [blocks[i - 1]!, blocks[i]!];
      expect(block.parent_block_hash).toBe(prev.hash);
      expect(block.parent_index_block_hash).toBe(prev.index_block_hash);
      expect(block.block_time).toBeGreaterThan(prev.block_time);
      expect(block.burn_block_height).toBeGreaterThanOrEqual(prev.burn_block_height);
      expect(block.burn_block_time).toBeGreaterThanOrEqual(prev.burn_block_time);
      if (block.burn_block_height > prev.burn_block_height)
        expect(block.burn_block_time).toBeGreaterThan(prev.burn_block_time);
      else expect(block.burn_block_hash).toBe(prev.burn_block_hash);
    }
  });

  it('starts at 2024-01-01 and writes ISO times that agree with the unix ones', () => {
    expect(blocks[0]!.block_time_iso).toBe('2024-01-01T00:00:00.000Z');
    for (const b of blocks) {
      expect(b!.block_time_iso).toBe(new Date(b!.block_time * 1000).toISOString());
      expect(b!.burn_block_time_iso).toBe(isoOf(b!.burn_block_time));
      expect(b!.burn_block_time).toBeLessThanOrEqual(b!.block_time);
    }
  });

  it('uses 32-byte hashes, all distinct', () => {
    const seen = new Set<string>();
    for (const b of blocks) {
      for (const h of [b!.hash, b!.index_block_hash]) {
        expect(h).toMatch(HASH);
        expect(seen.has(h)).toBe(false);
        seen.add(h);
      }
      expect(b!.burn_block_hash).toMatch(HASH);
      expect(b!.miner_txid).toMatch(HASH);
      expect(b!.canonical).toBe(true);
    }
  });

  it('counts its transactions and sums their execution costs', () => {
    const ids = minedTxIds(chain).slice(0, chain.anchoredCount);
    const details = txDetails(world, ids, { unanchored: false, events: { limit: 1, offset: 0 } });
    const perBlock = new Map<number, { count: number; indexes: number[]; cost: number[] }>();
    for (const id of ids) {
      const tx = details[id]!.result as unknown as {
        block_height: number;
        tx_index: number;
        block_hash: string;
      } & Record<string, number>;
      const entry = perBlock.get(tx.block_height) ?? { count: 0, indexes: [], cost: [0, 0, 0, 0, 0] };
      entry.count++;
      entry.indexes.push(tx.tx_index);
      COSTS.forEach((k, i) => (entry.cost[i] = entry.cost[i]! + tx[k]!));
      perBlock.set(tx.block_height, entry);
      expect(tx.block_hash).toBe(blocks[tx.block_height - 1]!.hash);
    }
    for (const b of blocks) {
      const entry = perBlock.get(b!.height) ?? { count: 0, indexes: [], cost: [0, 0, 0, 0, 0] };
      expect(b!.tx_count).toBe(entry.count);
      expect(entry.indexes).toEqual(Array.from({ length: entry.count }, (_, i) => i));
      expect(COSTS.map((k) => (b as unknown as Record<string, number>)[k])).toEqual(entry.cost);
    }
  });

  it('numbers tenures: one per block before Nakamoto, shared by several blocks after', () => {
    const nakamoto = mock.live.queries.options.nakamotoHeight;
    for (const b of blocks) if (b!.height < nakamoto) expect(b!.tenure_height).toBe(b!.height);
    const after = blocks.filter((b) => b!.height >= nakamoto);
    expect(new Set(after.map((b) => b!.tenure_height)).size).toBeLessThan(after.length);
    for (let i = 1; i < blocks.length; i++) {
      const step = blocks[i]!.tenure_height! - blocks[i - 1]!.tenure_height!;
      expect(step === 0 || step === 1).toBe(true);
      // A tenure is one burn block.
      expect(step === 0).toBe(blocks[i]!.burn_block_hash === blocks[i - 1]!.burn_block_hash);
    }
  });
});

const COSTS = [
  'execution_cost_read_count',
  'execution_cost_read_length',
  'execution_cost_runtime',
  'execution_cost_write_count',
  'execution_cost_write_length',
] as const;
