import { describe, expect, it } from 'vitest';
import { createMock, nodeSources } from '../create-mock.ts';
import type { MockKernel } from '../kernel.ts';
import type { MockOptions } from '../options.ts';
import { kernelReads } from '../kernel-reads.ts';
import { txDetails } from '../../testing/http/kernel-reads.ts';

/** A mock whose world is generated, never restored from the build's snapshot: generation is what is pinned. */
function mockOf(options: Partial<MockOptions> = {}): MockKernel {
  return createMock({ ...options, quiet: true }, { ...nodeSources(undefined), restore: () => undefined });
}

/** The catalogue and a spread of answers: what must not change between runs of one seed. */
function fingerprint(mock: MockKernel): string {
  const world = kernelReads(mock);
  const catalogue = world.catalogue();
  const busiest = catalogue.addresses.busiest;
  const someTxs = [
    ...Object.values(catalogue.transactions.by_type).flat(),
    ...catalogue.transactions.mempool.pending.slice(0, 5),
  ];
  return JSON.stringify({
    catalogue,
    status: world.get('get_status')!,
    stats: world.get('get_mempool_transaction_stats')!,
    latest: world.get('get_block', { path: { height_or_hash: 'latest' } }),
    middle: world.get('get_block', { path: { height_or_hash: 300 } }),
    txs: txDetails(world, someTxs, { unanchored: true, events: { limit: 50, offset: 0 } }),
    list: world.get('get_account_transactions_with_transfers', {
      path: { principal: busiest },
      query: { limit: 50, offset: 0, unanchored: true },
    }),
    balances: [
      busiest,
      catalogue.addresses.locked_stx,
      catalogue.addresses.vesting,
      catalogue.addresses.contract_principal,
    ].map((p) => world.get('get_account_balance', { path: { principal: p }, query: { unanchored: false } })),
    events: world.get('get_address_transaction_events', {
      path: { address: busiest, tx_id: catalogue.transactions.by_type.token_transfer[0]! },
      query: {
        limit: 50,
        offset: 0,
      },
    }),
  });
}

describe('world generation', () => {
  it('gives byte-identical answers for the same seed and options', () => {
    expect(fingerprint(mockOf({ seed: 42 }))).toBe(fingerprint(mockOf({ seed: 42 })));
  });

  it('is pinned: the same world on every machine (PRNG and faker included)', () => {
    const catalogue = kernelReads(mockOf({ seed: 1 })).catalogue();
    expect({ tip: catalogue.tip.hash, ft: catalogue.assets.ft[0], busiest: catalogue.addresses.busiest })
      .toMatchInlineSnapshot(`
      {
        "busiest": "SP37P9XVCRM9NKJP6B3KB1W1R5J3EQSJ7YZ2RPZ07",
        "ft": "SP26WBFT9SMQX61KGYGFEM57SWKYF7RB7WSNXPDY4.sticker-token::sticker",
        "tip": "0x096c46cb8f97d2c0ef3f191c8c13856fb73a4ace96c16225489f59b61072a584",
      }
    `);
  });

  it('gives another world for another seed or network', () => {
    const base = mockOf({ seed: 42 });
    expect(kernelReads(mockOf({ seed: 43 })).catalogue().tip.hash).not.toBe(
      kernelReads(base).catalogue().tip.hash,
    );
    expect(fingerprint(mockOf({ seed: 43 }))).not.toBe(fingerprint(base));
    expect(kernelReads(mockOf({ seed: 42, network: 'testnet' })).catalogue().addresses.busiest).toMatch(
      /^S[TN]/,
    );
  });

  it('defaults to a 600-block mainnet world of realistic size', () => {
    const mock = mockOf();
    const world = kernelReads(mock);
    expect(mock.live.queries.options).toMatchObject({ blocks: 600, network: 'mainnet' });
    const catalogue = world.catalogue();
    expect(catalogue.tip.height).toBe(600);
    expect(catalogue.assets.ft.length).toBeGreaterThanOrEqual(4);
    expect(catalogue.assets.nft.length).toBeGreaterThanOrEqual(3);
    const list = world.get('get_account_transactions_with_transfers', {
      path: { principal: catalogue.addresses.busiest },
      query: {
        limit: 1,
        offset: 0,
        unanchored: false,
      },
    });
    expect(list !== undefined && list.total).toBeGreaterThan(50);
  });

  it('rejects options it cannot honour', () => {
    expect(() => mockOf({ blocks: 10 })).toThrow(RangeError);
    expect(() => mockOf({ seed: 1.5 })).toThrow(RangeError);
    expect(() => mockOf({ network: 'regtest' as never })).toThrow(RangeError);
  });
});
