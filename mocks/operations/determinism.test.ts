import { describe, expect, it } from 'vitest';
import { createAnswers, type Answers } from '../answers.ts';

/** catalogue() and a spread of answers: what must not change between runs of one seed. */
function fingerprint(world: Answers): string {
  const catalogue = world.catalogue();
  const busiest = catalogue.addresses.busiest;
  const someTxs = [
    ...Object.values(catalogue.transactions.by_type).flat(),
    ...catalogue.transactions.mempool.pending.slice(0, 5),
  ];
  return JSON.stringify({
    catalogue,
    status: world.status(),
    stats: world.mempoolStats(),
    latest: world.block({ latest: true }),
    middle: world.block({ height: 300 }),
    txs: world.txListDetails(someTxs, { eventLimit: 50, eventOffset: 0, unanchored: true }),
    list: world.transactionsWithTransfers(busiest, { limit: 50, offset: 0, unanchored: true }),
    balances: [
      busiest,
      catalogue.addresses.locked_stx,
      catalogue.addresses.vesting,
      catalogue.addresses.contract_principal,
    ].map((p) => world.balances(p, { unanchored: false })),
    events: world.addressTxEvents(busiest, catalogue.transactions.by_type.token_transfer[0]!, {
      limit: 50,
      offset: 0,
    }),
  });
}

describe('world generation', () => {
  it('gives byte-identical answers for the same seed and options', () => {
    expect(fingerprint(createAnswers({ seed: 42 }))).toBe(fingerprint(createAnswers({ seed: 42 })));
  });

  it('is pinned: the same world on every machine (PRNG and faker included)', () => {
    const catalogue = createAnswers({ seed: 1 }).catalogue();
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
    const base = createAnswers({ seed: 42 });
    expect(createAnswers({ seed: 43 }).catalogue().tip.hash).not.toBe(base.catalogue().tip.hash);
    expect(fingerprint(createAnswers({ seed: 43 }))).not.toBe(fingerprint(base));
    expect(createAnswers({ seed: 42, network: 'testnet' }).catalogue().addresses.busiest).toMatch(/^S[TN]/);
  });

  it('defaults to a 600-block mainnet world of realistic size', () => {
    const world = createAnswers();
    expect(world.options).toMatchObject({ blocks: 600, network: 'mainnet' });
    const catalogue = world.catalogue();
    expect(catalogue.tip.height).toBe(600);
    expect(catalogue.assets.ft.length).toBeGreaterThanOrEqual(4);
    expect(catalogue.assets.nft.length).toBeGreaterThanOrEqual(3);
    const list = world.transactionsWithTransfers(catalogue.addresses.busiest, {
      limit: 1,
      offset: 0,
      unanchored: false,
    });
    expect(list !== undefined && list.total).toBeGreaterThan(50);
  });

  it('rejects options it cannot honour', () => {
    expect(() => createAnswers({ blocks: 10 })).toThrow(RangeError);
    expect(() => createAnswers({ seed: 1.5 })).toThrow(RangeError);
    expect(() => createAnswers({ network: 'regtest' as never })).toThrow(RangeError);
  });
});
