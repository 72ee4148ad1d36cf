import { describe, expect, it } from 'vitest';
import { txDetails } from '../../testing/http/kernel-reads.ts';
import { SEEDS, testWorld } from '../../testing/worlds/test-worlds.ts';

describe.each(SEEDS)('status of world %i', (seed) => {
  const { world } = testWorld(seed);
  const status = world.get('get_status')!;

  it('is ready, as v9.0.2 by default: its version, and no pox unlock heights', () => {
    expect(status.status).toBe('ready');
    expect(status.server_version).toBe('stacks-blockchain-api v9.0.2 (master:1164d9ee)');
    expect(Object.keys(status).filter((k) => k.startsWith('pox_'))).toEqual([]);
  });

  it('as v8.11.6: its version and integer pox unlock heights', () => {
    const old = testWorld(seed, 'mainnet', undefined, '8.11.6').world.get('get_status')!;
    expect(old.server_version).toBe('stacks-blockchain-api v8.11.6 (v8.11.6:63da771)');
    for (const h of [old.pox_v1_unlock_height, old.pox_v2_unlock_height, old.pox_v3_unlock_height])
      expect(Number.isInteger(h)).toBe(true);
    expect({
      ...old,
      server_version: '',
      pox_v1_unlock_height: 0,
      pox_v2_unlock_height: 0,
      pox_v3_unlock_height: 0,
    }).toEqual({
      ...status,
      server_version: '',
      pox_v1_unlock_height: 0,
      pox_v2_unlock_height: 0,
      pox_v3_unlock_height: 0,
    });
  });

  it('points its chain tip at the latest block and the unanchored microblock on top of it', () => {
    const latest = world.get('get_block', { path: { height_or_hash: 'latest' } })!;
    expect(status.chain_tip).toMatchObject({
      block_height: latest.height,
      block_hash: latest.hash,
      index_block_hash: latest.index_block_hash,
      burn_block_height: latest.burn_block_height,
    });
    const unanchored = world.catalogue().transactions.microblock.unanchored;
    const last = txDetails(world, unanchored, { unanchored: true, events: { limit: 1, offset: 0 } })[
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
