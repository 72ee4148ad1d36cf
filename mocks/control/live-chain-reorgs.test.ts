import { describe, expect, it } from 'vitest';
import { kernelReads } from '../kernel-reads.ts';
import { txDetails } from '../../testing/http/kernel-reads.ts';
import { minedTxIds } from '../../testing/worlds/test-worlds.ts';
import { liveMock, chainOf, txOf, parties, big, TX_OPTS } from '../../testing/worlds/live-chain-kit.ts';

describe('a living chain in a reorg', () => {
  it('reorgs: the orphaned blocks are no longer served, their transactions are mined again or pending, nothing is lost', () => {
    const mock = liveMock();
    const { live } = mock;
    const world = kernelReads(mock);
    const { sender, recipient } = parties(mock);
    const { tx_id } = live.submit({ type: 'token_transfer', sender, recipient, amount: 1000, fee: 200 });
    const top = live.mine(3);
    const orphaned = [top.height - 1, top.height].map((h) =>
      world.get('get_block', { path: { height_or_hash: h } })!,
    );
    const mined = txDetails(world, minedTxIds(chainOf(mock)), { ...TX_OPTS, unanchored: true });
    const orphanTxs = Object.keys(mined).filter((id) => {
      const r = mined[id];
      return r?.found && 'block_height' in r.result && r.result.block_height >= top.height - 1;
    });
    const tip = live.reorg(2);
    expect(tip.height).toBe(top.height + 1);
    for (const block of orphaned)
      expect(world.get('get_block', { path: { height_or_hash: block.hash } })).toBeUndefined();
    expect(world.get('get_block', { path: { height_or_hash: top.height } })?.hash).not.toBe(
      orphaned[1]?.hash,
    );
    expect(world.get('get_block', { path: { height_or_hash: 'latest' } })?.hash).toBe(tip.hash);
    const now = txDetails(world, orphanTxs, { ...TX_OPTS, unanchored: true });
    const seen = orphanTxs.map((id) => now[id]);
    // Coinbases and tenure changes belong to their blocks; everything else is somewhere.
    const userTxs = seen.filter((r) => r?.found && !['coinbase', 'tenure_change'].includes(r.result.tx_type));
    expect(userTxs.length).toBeGreaterThan(0);
    for (const r of userTxs) {
      expect(r?.found).toBe(true);
      const status = r?.found ? r.result.tx_status : '';
      if (status !== 'pending' && !status.startsWith('dropped'))
        expect(r?.found && 'block_height' in r.result && r.result.block_height).toBeGreaterThan(
          top.height - 2,
        );
    }
    expect(txOf(world, tx_id)?.found).toBe(true);
  });

  it('a reorg draws the new blocks’ keys afresh: none of an orphaned block’s hashes, nor of an orphaned tenure’s, is served', () => {
    const mock = liveMock();
    const { live } = mock;
    const world = kernelReads(mock);
    const kept = world.get('get_block', { path: { height_or_hash: 'latest' } })!;
    const newTenure = (b: typeof kept) => (b.tenure_height ?? 0) > (kept.tenure_height ?? 0);
    const top = live.mine(12);
    const keysOf = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) =>
        world.get('get_block', { path: { height_or_hash: from + i } })!,
      );
    const orphaned = keysOf(kept.height + 1, top.height);
    const orphanedKeys = new Set(
      orphaned.flatMap((b) => [b.hash, b.index_block_hash, b.burn_block_hash, b.miner_txid]),
    );
    live.reorg(12);
    const fresh = keysOf(kept.height + 1, top.height + 1);
    for (const b of fresh) {
      expect(orphanedKeys.has(b.hash) || orphanedKeys.has(b.index_block_hash)).toBe(false);
      // A block continuing the kept block's tenure keeps its burn block hash and miner txid.
      if (newTenure(b))
        expect(orphanedKeys.has(b.burn_block_hash) || orphanedKeys.has(b.miner_txid)).toBe(false);
    }
    expect(fresh.some(newTenure)).toBe(true);
  });

  it('a reorg back to a block this chain mined confirms the stream unanchored on it in the next block: each block holds tx indexes 0 to its tx_count', () => {
    const mock = liveMock();
    const { live } = mock;
    const world = kernelReads(mock);
    live.mine(3);
    live.reorg(2);
    const indexes = new Map<number, number[]>();
    for (const r of Object.values(
      txDetails(world, minedTxIds(chainOf(mock)), { ...TX_OPTS, unanchored: true }),
    )) {
      if (!r?.found || !('block_height' in r.result) || r.result.is_unanchored) continue;
      indexes.set(r.result.block_height, [...(indexes.get(r.result.block_height) ?? []), r.result.tx_index]);
    }
    const tip = live.tip().height;
    for (let height = tip - 3; height <= tip; height++) {
      const count = world.get('get_block', { path: { height_or_hash: height } })?.tx_count ?? 0;
      expect(indexes.get(height)?.sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
    }
  });

  it('reorgs up to 100 blocks deep, as documented, before and after mining; deeper is refused', () => {
    const mock = liveMock();
    const { live } = mock;
    const start = live.tip().height;
    expect(live.reorg(100).height).toBe(start + 1);
    live.mine(5);
    const top = live.tip().height;
    expect(live.reorg(100).height).toBe(top + 1);
    expect(() => live.reorg(101)).toThrow(/from 1 to 100/);
  });

  it('a reorg past the block that first named an address keeps the address: the transfer to it comes back and is mined again', () => {
    const mock = liveMock();
    const { live } = mock;
    const world = kernelReads(mock);
    const { sender } = parties(mock);
    const fresh = world.catalogue().addresses.unknown;
    const { tx_id } = live.submit({
      type: 'token_transfer',
      sender,
      recipient: fresh,
      amount: 5_000,
      fee: 300,
    });
    const statusOf = (unanchored = false): string => {
      const r = txOf(world, tx_id, unanchored);
      return r?.found && 'tx_status' in r.result ? r.result.tx_status : 'not found';
    };
    live.mine();
    expect(statusOf()).toBe('success');
    live.mine(3);
    live.reorg(4);
    const status = statusOf(true);
    expect(['pending', 'success']).toContain(status);
    const balance = world.get('get_account_balance', {
      path: { principal: fresh },
      query: { unanchored: true },
    });
    expect(big(status === 'success' ? balance?.stx.balance : balance?.stx.pending_balance_inbound)).toBe(
      5_000n,
    );
    for (let i = 0; i < 30 && statusOf() !== 'success'; i++) live.mine();
    expect(
      big(
        world.get('get_account_balance', { path: { principal: fresh }, query: { unanchored: false } })?.stx
          .balance,
      ),
    ).toBe(5_000n);
  });
});
