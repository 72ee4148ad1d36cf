import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMock } from '../create-mock.ts';
import { ControlError } from './live-chain.ts';
import { kernelReads } from '../kernel-reads.ts';
import { mempoolTxIds } from '../../testing/worlds/test-worlds.ts';
import { generatedTip } from '../world/tables/chain.ts';
import {
  OPTIONS,
  liveMock,
  reindexed,
  chainOf,
  txOf,
  parties,
  everyAnswer,
  big,
  samplePrincipals,
} from '../../testing/worlds/live-chain-kit.ts';

describe('a living chain', () => {
  it('mines a block: the tip, blocks/latest and the status move together, times rise by the block time', () => {
    const mock = liveMock(7);
    const { live } = mock;
    const world = kernelReads(mock);
    const before = world.get('get_block', { path: { height_or_hash: 'latest' } });
    const tip = live.mine();
    expect(tip.height).toBe(OPTIONS.blocks + 1);
    const latest = world.get('get_block', { path: { height_or_hash: 'latest' } });
    expect(latest).toMatchObject({ height: tip.height, hash: tip.hash, canonical: true });
    expect(latest?.block_time).toBe((before?.block_time ?? 0) + 7);
    expect(world.get('get_status')!.chain_tip?.block_height).toBe(tip.height);
    expect(world.get('get_block', { path: { height_or_hash: tip.hash } })?.height).toBe(tip.height);
    expect(live.mine(3).height).toBe(tip.height + 3);
  });

  it('anchors the microblock stream that sat on the tip: its transactions are in the new block, no longer unanchored', () => {
    const mock = liveMock();
    const { live } = mock;
    const world = kernelReads(mock);
    const [id] = world.catalogue().transactions.microblock.unanchored;
    expect(txOf(world, id as string)).toMatchObject({ found: false });
    const { height } = live.mine();
    expect(txOf(world, id as string)).toMatchObject({
      found: true,
      result: { block_height: height, is_unanchored: false, microblock_canonical: true },
    });
    // A new stream sits on the new tip.
    const [next] = world.catalogue().transactions.microblock.unanchored;
    expect(next).not.toBe(id);
    expect(txOf(world, next as string, true)).toMatchObject({
      found: true,
      result: { is_unanchored: true },
    });
  });

  it('confirms a submitted transfer in the next block: pending everywhere, then settled everywhere', () => {
    const mock = liveMock();
    const { live } = mock;
    const world = kernelReads(mock);
    const { sender, recipient } = parties(mock);
    const start = world.get('get_account_balance', {
      path: { principal: sender },
      query: { unanchored: false },
    })!;
    const { tx_id } = live.submit({
      type: 'token_transfer',
      sender,
      recipient,
      amount: 123_456,
      fee: 789,
      memo: 'rent',
    });

    const pending = txOf(world, tx_id)!;
    expect(pending.found && pending.result).toMatchObject({
      tx_status: 'pending',
      tx_type: 'token_transfer',
    });
    const during = world.get('get_account_balance', {
      path: { principal: sender },
      query: { unanchored: false },
    })!;
    expect(big(during.stx.pending_balance_outbound) - big(start.stx.pending_balance_outbound)).toBe(124_245n);
    expect(big(during.stx.estimated_balance)).toBe(big(start.stx.estimated_balance) - 124_245n);
    expect(during.stx.balance).toBe(start.stx.balance);
    const pendingIn = world.get('get_account_balance', {
      path: { principal: recipient },
      query: { unanchored: false },
    })!;
    expect(big(pendingIn.stx.pending_balance_inbound)).toBeGreaterThanOrEqual(123_456n);
    expect(
      world
        .get('get_account_transactions_with_transfers', {
          path: { principal: sender },
          query: { limit: 5, offset: 0, unanchored: false },
        })!
        .results.map((r) => r.tx.tx_id),
    ).not.toContain(tx_id);

    const { height } = live.mine();
    const mined = txOf(world, tx_id)!;
    expect(mined.found && mined.result).toMatchObject({
      tx_status: 'success',
      block_height: height,
      canonical: true,
    });
    expect(mined.found && 'token_transfer' in mined.result && mined.result.token_transfer?.memo).toMatch(
      /^0x72656e74(00)+$/,
    );
    const history = world.get('get_account_transactions_with_transfers', {
      path: { principal: sender },
      query: { limit: 50, offset: 0, unanchored: false },
    })!;
    const row = history.results.find((r) => r.tx.tx_id === tx_id);
    expect(row).toMatchObject({ stx_sent: '124245', tx: { block_height: height } });
    expect(
      world.get('get_single_transaction_with_transfers', { path: { principal: recipient, tx_id } })
        ?.stx_received,
    ).toBe('123456');
    expect(
      world.get('get_address_transaction_events', {
        path: { address: recipient, tx_id },
        query: { limit: 10, offset: 0 },
      })?.total,
    ).toBe(1);
    const after = world.get('get_account_balance', {
      path: { principal: sender },
      query: { unanchored: false },
    })!;
    // Settled: the balance paid it; pending spends no longer count it.
    expect(BigInt(after.stx.total_sent) - BigInt(start.stx.total_sent)).toBeGreaterThanOrEqual(123_456n);
    expect(BigInt(after.stx.balance)).toBe(
      BigInt(after.stx.total_received) -
        BigInt(after.stx.total_sent) -
        BigInt(after.stx.total_fees_sent) +
        BigInt(after.stx.total_miner_rewards_received),
    );
    expect(big(after.stx.estimated_balance)).toBe(
      BigInt(after.stx.balance) +
        big(after.stx.pending_balance_inbound) -
        big(after.stx.pending_balance_outbound),
    );
    expect(
      world.get('get_account_balance', {
        path: { principal: sender },
        query: { until_block: String(height - 1), unanchored: false },
      })?.stx.balance,
    ).toBe(start.stx.balance);
    expect(
      world
        .get('get_account_transactions_with_transfers', {
          path: { principal: sender },
          query: { height, limit: 50, offset: 0, unanchored: false },
        })!
        .results.map((r) => r.tx.tx_id),
    ).toContain(tx_id);
  });

  it('refuses what a node refuses, with a message: an unpaid amount, an unknown token, an NFT not owned', () => {
    const mock = liveMock();
    const { live } = mock;
    const world = kernelReads(mock);
    const { sender, recipient } = parties(mock);
    const rich = world.get('get_account_balance', {
      path: { principal: sender },
      query: { unanchored: false },
    })!;
    const tooMuch = Number(BigInt(rich.stx.balance) + 1n);
    const refusal = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        expect(err).toBeInstanceOf(ControlError);
        return { status: (err as ControlError).status, message: (err as Error).message };
      }
      throw new Error('accepted');
    };
    expect(
      refusal(() => live.submit({ type: 'token_transfer', sender, recipient, amount: tooMuch, fee: 1 })),
    ).toMatchObject({
      status: 400,
      message: expect.stringMatching(/cannot pay amount \+ fee/),
    });
    const [nft] = world.catalogue().assets.nft;
    expect(
      refusal(() =>
        live.submit({ type: 'contract_call', asset: `${nft}x`, sender, recipient, amount: 1, fee: 1 }),
      ).message,
    ).toMatch(/not a token this world knows/);
    expect(
      refusal(() =>
        live.submit({
          type: 'contract_call',
          asset: nft as string,
          sender,
          recipient,
          amount: 999_999,
          fee: 1,
        }),
      ).message,
    ).toMatch(/does not own/);
    expect(refusal(() => live.mine(1001)).status).toBe(400);
    expect(refusal(() => live.reorg(101)).message).toMatch(/depth must be/);
  });

  it('moves a fungible token the world knows with a contract_call', () => {
    const mock = liveMock();
    const { live } = mock;
    const world = kernelReads(mock);
    const catalogue = world.catalogue();
    const holder = catalogue.addresses.ft_activity;
    const balances = world.get('get_account_balance', {
      path: { principal: holder },
      query: { unanchored: false },
    })!;
    const [asset, held] = Object.entries(balances.fungible_tokens).find(([, t]) => BigInt(t.balance) > 1n)!;
    const { tx_id } = live.submit({
      type: 'contract_call',
      asset,
      sender: holder,
      recipient: catalogue.addresses.stx_activity,
      amount: 1,
      fee: 500,
    });
    live.mine();
    const after = world.get('get_account_balance', {
      path: { principal: holder },
      query: { unanchored: false },
    })!;
    expect(BigInt(after.fungible_tokens[asset]!.balance)).toBe(BigInt(held.balance) - 1n);
    expect(txOf(world, tx_id)).toMatchObject({
      found: true,
      result: { tx_status: 'success', tx_type: 'contract_call' },
    });
  });

  it('answers after any sequence exactly as a world indexed afresh over the same chain (the indexes extend correctly)', () => {
    const mock = liveMock();
    const { live } = mock;
    const { sender, recipient } = parties(mock);
    live.mine(4);
    live.submit({
      type: 'token_transfer',
      sender,
      recipient: 'SP000000000000000000002Q6VF78',
      amount: 5000,
      fee: 300,
    });
    live.submit({ type: 'token_transfer', sender: recipient, recipient: sender, amount: 7000, fee: 300 });
    live.mine(2);
    live.reorg(3);
    live.mine();
    const principals = [...samplePrincipals(mock), 'SP000000000000000000002Q6VF78'];
    expect(everyAnswer(mock, principals)).toBe(everyAnswer(reindexed(mock), principals));
  });

  it('resets to the state at start, byte for byte', () => {
    const mock = liveMock();
    const { live } = mock;
    const principals = samplePrincipals(mock);
    const start = everyAnswer(mock, principals);
    const { sender, recipient } = parties(mock);
    live.submit({ type: 'token_transfer', sender, recipient, amount: 1000, fee: 200 });
    live.mine(2);
    live.reorg(1);
    expect(everyAnswer(mock, principals)).not.toBe(start);
    expect(live.reset().height).toBe(OPTIONS.blocks);
    expect(everyAnswer(mock, principals)).toBe(start);
  });

  it('knows its generated tip while the generated blocks stand: mining on keeps it, a reorg below it loses it, a reset brings it back', () => {
    const mock = liveMock();
    const { live } = mock;
    const world = kernelReads(mock);
    const generated = generatedTip(chainOf(mock));
    expect(generated).toEqual({
      height: OPTIONS.blocks,
      indexHash: world.get('get_block', { path: { height_or_hash: OPTIONS.blocks } })?.index_block_hash,
    });
    live.mine(2);
    expect(generatedTip(chainOf(mock))).toEqual(generated);
    live.reorg(3);
    expect(generatedTip(chainOf(mock))).toBeUndefined();
    live.reset();
    expect(generatedTip(chainOf(mock))).toEqual(generated);
  });

  it('is a function of the options and the sequence of calls: two chains given the same calls answer the same bytes', () => {
    const run = (): string => {
      const mock = liveMock(2);
      const { live } = mock;
      const { sender, recipient } = parties(mock);
      live.mine(3);
      live.submit({ type: 'token_transfer', sender, recipient, amount: 42_000, fee: 1000, memo: 'x' });
      live.mine();
      live.reorg(2);
      live.mine(2);
      return everyAnswer(mock, samplePrincipals(mock));
    };
    expect(run()).toBe(run());
  });

  it('keeps the mempool moving: new seeded transactions arrive, some pending ones confirm, the statistics follow', () => {
    const mock = liveMock();
    const { live } = mock;
    const world = kernelReads(mock);
    const before = new Set(mempoolTxIds(chainOf(mock)));
    const stats = JSON.stringify(world.get('get_mempool_transaction_stats')!);
    live.mine(5);
    const after = mempoolTxIds(chainOf(mock));
    expect(after.some((id) => !before.has(id))).toBe(true);
    const confirmed = [...before].filter((id) => {
      const r = txOf(world, id);
      return r?.found && r.result.tx_status === 'success';
    });
    expect(confirmed.length).toBeGreaterThan(0);
    expect(JSON.stringify(world.get('get_mempool_transaction_stats')!)).not.toBe(stats);
  });
});

describe('a living chain over a world file', () => {
  const file = fileURLToPath(new URL('../../fixtures/worlds/wallet.yaml', import.meta.url));
  const ME = 'SP27VDEYQ5VR81ZT28C23NRPEKY21Q85TQCNY94MD';

  it('mines the declared accounts’ submitted transfers and their tokens, deterministically', () => {
    const run = () => {
      const mock = createMock({ world: file, seed: 1, network: 'mainnet', blocks: 600, quiet: true });
      const { live } = mock;
      const world = kernelReads(mock);
      const [usd, badge] = [world.catalogue().assets.ft, world.catalogue().assets.nft].map((ids) =>
        ids.find((id) => id.startsWith('SP9KSQZ5G7W8GYS9AHR99VYHWWZRRHCG7EYJZVRQ.')),
      );
      const stx = live.submit({
        type: 'token_transfer',
        sender: ME,
        recipient: 'SP9KSQZ5G7W8GYS9AHR99VYHWWZRRHCG7EYJZVRQ',
        amount: 1000,
        fee: 180,
      });
      const ft = live.submit({
        type: 'contract_call',
        asset: usd as string,
        sender: ME,
        recipient: 'SP9KSQZ5G7W8GYS9AHR99VYHWWZRRHCG7EYJZVRQ',
        amount: 5,
        fee: 180,
      });
      const nft = live.submit({
        type: 'contract_call',
        asset: badge as string,
        sender: ME,
        recipient: 'SP9KSQZ5G7W8GYS9AHR99VYHWWZRRHCG7EYJZVRQ',
        amount: 1,
        fee: 180,
      });
      live.mine();
      for (const { tx_id } of [stx, ft, nft])
        expect(txOf(world, tx_id)).toMatchObject({
          found: true,
          result: { tx_status: 'success' },
        });
      return everyAnswer(mock, [ME]);
    };
    expect(run()).toBe(run());
  });
});
