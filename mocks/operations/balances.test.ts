import { describe, expect, it } from 'vitest';
import type { KernelReads } from '../kernel-reads.ts';
import { txDetails } from '../../testing/http/kernel-reads.ts';
import type { Balances, PendingTransaction } from '../serialize/types.ts';
import { feePayerOf, oracleFor, principalTotals } from '../../testing/worlds/test-oracle.ts';
import { mempoolTxIds, SEEDS, testWorld } from '../../testing/worlds/test-worlds.ts';

function balancesOf(
  world: KernelReads,
  principal: string,
  query: { unanchored: boolean; until_block?: number | string } = { unanchored: false },
): Balances {
  const result = world.get('get_account_balance', { path: { principal }, query });
  if (!result) throw new Error('block not found');
  return result;
}

describe.each(SEEDS)('balances of world %i', (seed) => {
  const { mock, world, chain } = testWorld(seed);
  const oracle = oracleFor(world, chain);
  const tip = mock.live.queries.options.blocks;
  const catalogue = world.catalogue();
  const everyone = [
    ...new Set(
      oracle.txs.flatMap((tx) => [
        tx.sender_address,
        ...oracle.movements(tx).flatMap((m) => [m.sender, m.recipient]),
      ]),
    ),
  ].filter((p) => p !== '');
  const sample = [
    ...new Set([
      ...Object.values(catalogue.addresses).filter(Boolean),
      ...everyone.filter((_, i) => i % 15 === 0),
    ]),
  ];

  it('adds up: balance = received - sent - fees + miner rewards, totals from the events', () => {
    for (const principal of sample) {
      for (const [height, q] of [
        [tip, { unanchored: false }],
        [tip + 1, { unanchored: true }],
        [Math.floor(tip / 3), { until_block: Math.floor(tip / 3), unanchored: false }],
      ] as const) {
        const b = balancesOf(world, principal, q);
        const e = principalTotals(oracle, principal, { height, unanchored: q.unanchored });
        expect(b.stx.total_sent).toBe(String(e.sent));
        expect(b.stx.total_received).toBe(String(e.received));
        expect(b.stx.total_fees_sent).toBe(String(e.fees));
        const computed =
          BigInt(b.stx.total_received) -
          BigInt(b.stx.total_sent) -
          BigInt(b.stx.total_fees_sent) +
          BigInt(b.stx.total_miner_rewards_received);
        expect(b.stx.balance).toBe(String(computed));
        expect(Object.keys(b.fungible_tokens).sort()).toEqual([...e.ft.keys()].sort());
        for (const [asset, [s, r]] of e.ft)
          expect(b.fungible_tokens[asset]).toEqual({
            balance: String(r - s),
            total_sent: String(s),
            total_received: String(r),
          });
        for (const [asset, [s, r]] of e.nft)
          expect(b.non_fungible_tokens[asset]).toEqual({
            count: String(r - s),
            total_sent: String(s),
            total_received: String(r),
          });
      }
    }
  });

  it('never goes negative, and never locks more than it holds', () => {
    for (const principal of everyone) {
      for (const q of [{ unanchored: true }, { until_block: Math.floor(tip / 2), unanchored: false }]) {
        const b = balancesOf(world, principal, q);
        expect(BigInt(b.stx.balance)).toBeGreaterThanOrEqual(BigInt(b.stx.locked));
        expect(BigInt(b.stx.locked)).toBeGreaterThanOrEqual(0n);
        if (b.stx.estimated_balance !== undefined)
          expect(BigInt(b.stx.estimated_balance)).toBeGreaterThanOrEqual(0n);
        for (const t of Object.values(b.fungible_tokens))
          expect(BigInt(t.balance)).toBeGreaterThanOrEqual(0n);
        for (const t of Object.values(b.non_fungible_tokens))
          expect(BigInt(t.count)).toBeGreaterThanOrEqual(0n);
      }
    }
  });

  it('shows locked STX from the latest stack-stx, and nothing before it', () => {
    const b = balancesOf(world, catalogue.addresses.locked_stx);
    expect(BigInt(b.stx.locked)).toBeGreaterThan(0n);
    const lockTx = oracle.byId.get(b.stx.lock_tx_id)!;
    const lock = lockTx.events.find((e) => e.event_type === 'stx_lock');
    expect(lock?.event_type === 'stx_lock' && lock.stx_lock_event).toEqual({
      locked_amount: b.stx.locked,
      unlock_height: b.stx.burnchain_unlock_height,
      locked_address: catalogue.addresses.locked_stx,
    });
    expect(b.stx.lock_height).toBe(lockTx.block_height);
    expect(b.stx.burnchain_lock_height).toBe(lockTx.burn_block_height);
    expect(b.stx.burnchain_unlock_height).toBeGreaterThanOrEqual(
      world.get('get_status')!.chain_tip.burn_block_height,
    );
    const before = balancesOf(world, catalogue.addresses.locked_stx, {
      until_block: lockTx.block_height - 1,
      unanchored: false,
    });
    if (before.stx.lock_tx_id !== '') expect(before.stx.lock_tx_id).not.toBe(b.stx.lock_tx_id);
    const quiet = balancesOf(world, catalogue.addresses.unknown);
    expect([
      quiet.stx.lock_tx_id,
      quiet.stx.locked,
      quiet.stx.lock_height,
      quiet.stx.burnchain_lock_height,
      quiet.stx.burnchain_unlock_height,
    ]).toEqual(['', '0', 0, 0, 0]);
  });

  it('estimates from pending mempool transactions, only for the current state', () => {
    const pending = Object.values(
      txDetails(world, mempoolTxIds(chain), { unanchored: false, events: { limit: 1, offset: 0 } }),
    )
      .map((e) => e.result as PendingTransaction)
      .filter((tx) => tx.tx_status === 'pending');
    const touched = [
      ...new Set(
        pending.flatMap((tx) => [
          feePayerOf(tx),
          tx.sender_address,
          ...(tx.tx_type === 'token_transfer' ? [tx.token_transfer.recipient_address] : []),
        ]),
      ),
    ];
    for (const principal of [...touched, ...sample]) {
      let inbound = 0n;
      let outbound = 0n;
      for (const tx of pending) {
        if (feePayerOf(tx) === principal) outbound += BigInt(tx.fee_rate);
        if (tx.tx_type !== 'token_transfer') continue;
        if (tx.sender_address === principal) outbound += BigInt(tx.token_transfer.amount);
        if (tx.token_transfer.recipient_address === principal) inbound += BigInt(tx.token_transfer.amount);
      }
      const b = balancesOf(world, principal);
      expect(b.stx.pending_balance_inbound).toBe(String(inbound));
      expect(b.stx.pending_balance_outbound).toBe(String(outbound));
      expect(b.stx.estimated_balance).toBe(String(BigInt(b.stx.balance) + inbound - outbound));
      const past = balancesOf(world, principal, { until_block: tip, unanchored: false });
      expect(past.stx).not.toHaveProperty('estimated_balance');
      expect(past.stx).not.toHaveProperty('pending_balance_inbound');
      expect(past.stx).not.toHaveProperty('pending_balance_outbound');
    }
    expect(
      touched.some((p) => balancesOf(world, p).stx.estimated_balance !== balancesOf(world, p).stx.balance),
    ).toBe(true);
  });

  it('reports vesting only for vesting addresses, relative to the block', () => {
    const vesting = balancesOf(world, catalogue.addresses.vesting).token_offering_locked!;
    const schedule = vesting.unlock_schedule;
    expect(schedule.length).toBeGreaterThan(1);
    const sum = (f: (e: { block_height: number }) => boolean) =>
      String(schedule.filter(f).reduce((s, e) => s + BigInt(e.amount), 0n));
    expect(vesting.total_unlocked).toBe(sum((e) => e.block_height <= tip));
    expect(vesting.total_locked).toBe(sum((e) => e.block_height > tip));
    expect(BigInt(vesting.total_locked)).toBeGreaterThan(0n);
    const early = schedule[0]!.block_height;
    const then = balancesOf(world, catalogue.addresses.vesting, {
      until_block: early,
      unanchored: false,
    }).token_offering_locked!;
    expect(then.total_unlocked).toBe(sum((e) => e.block_height <= early));
    expect(balancesOf(world, catalogue.addresses.busiest)).not.toHaveProperty('token_offering_locked');
  });

  it('credits matured miner rewards to miners only', () => {
    expect(
      BigInt(balancesOf(world, catalogue.addresses.miner).stx.total_miner_rewards_received),
    ).toBeGreaterThan(0n);
    expect(
      balancesOf(world, catalogue.addresses.miner, { until_block: 100, unanchored: false }).stx
        .total_miner_rewards_received,
    ).toBe('0');
    const coinbaseSenders = new Set(
      oracle.txs.filter((tx) => tx.tx_type === 'coinbase').map((tx) => tx.sender_address),
    );
    for (const principal of sample) {
      if (!coinbaseSenders.has(principal))
        expect(balancesOf(world, principal).stx.total_miner_rewards_received).toBe('0');
    }
  });

  it('treats until_block by hash like by height, and rejects an unknown hash', () => {
    const height = Math.floor(tip / 2);
    const hash = world.get('get_block', { path: { height_or_hash: height } })!.hash;
    const principal = catalogue.addresses.busiest;
    expect(
      world.get('get_account_balance', {
        path: { principal },
        query: { until_block: hash, unanchored: false },
      }),
    ).toEqual(
      world.get('get_account_balance', {
        path: { principal },
        query: { until_block: height, unanchored: false },
      }),
    );
    expect(
      world.get('get_account_balance', {
        path: { principal },
        query: { until_block: `0x${'12'.repeat(32)}`, unanchored: false },
      }),
    ).toBeUndefined();
  });

  it('gives an unknown principal zero balances', () => {
    const b = balancesOf(world, catalogue.addresses.unknown);
    expect(b).toEqual({
      stx: {
        balance: '0',
        estimated_balance: '0',
        pending_balance_inbound: '0',
        pending_balance_outbound: '0',
        total_sent: '0',
        total_received: '0',
        total_fees_sent: '0',
        total_miner_rewards_received: '0',
        lock_tx_id: '',
        locked: '0',
        lock_height: 0,
        burnchain_lock_height: 0,
        burnchain_unlock_height: 0,
      },
      fungible_tokens: {},
      non_fungible_tokens: {},
    });
  });

  it('funds every account at genesis', () => {
    const genesis = oracle.txs.find(
      (tx) => tx.block_height === 1 && tx.tx_type === 'smart_contract' && tx.events.length > 0,
    )!;
    const funded = new Set(
      oracle
        .movements(genesis)
        .filter((m) => m.type === 'mint')
        .map((m) => m.recipient),
    );
    const accounts = everyone.filter((p) => !p.includes('.') && p !== genesis.sender_address);
    for (const account of accounts) expect(funded.has(account)).toBe(true);
  });
});
