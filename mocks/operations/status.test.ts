import { describe, expect, it } from 'vitest';
import { SEEDS, testWorld } from '../testing/test-worlds.ts';

describe.each(SEEDS)('status of world %i', (seed) => {
  const { world } = testWorld(seed);
  const status = world.status();

  it('is ready, with a version and integer pox unlock heights', () => {
    expect(status.status).toBe('ready');
    expect(status.server_version).toMatch(/^stacks-blockchain-api v\d+\.\d+\.\d+/);
    for (const h of [status.pox_v1_unlock_height, status.pox_v2_unlock_height, status.pox_v3_unlock_height])
      expect(Number.isInteger(h)).toBe(true);
  });

  it('points its chain tip at the latest block and the unanchored microblock on top of it', () => {
    const latest = world.block({ latest: true })!;
    expect(status.chain_tip).toMatchObject({
      block_height: latest.height,
      block_hash: latest.hash,
      index_block_hash: latest.index_block_hash,
      burn_block_height: latest.burn_block_height,
    });
    const unanchored = world.catalogue().transactions.microblock.unanchored;
    const last = world.txListDetails(unanchored, { eventLimit: 1, eventOffset: 0, unanchored: true })[
      unanchored.at(-1)!
    ]!;
    expect(last.found && 'microblock_hash' in last.result && last.result.microblock_hash).toBe(
      status.chain_tip.microblock_hash,
    );
    expect(last.found && 'microblock_sequence' in last.result && last.result.microblock_sequence).toBe(
      status.chain_tip.microblock_sequence,
    );
  });
});
