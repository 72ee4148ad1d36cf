import { describe, expect, it } from 'vitest';
import { createMock, nodeSources } from '../create-mock.ts';
import { compileWorldFile } from '../world/declared/compile.ts';
import { kernelReads } from '../kernel-reads.ts';

const DEFAULTS = { seed: 1, network: 'mainnet', blocks: 80 } as const;

/** The mock serving a world file's text, read through its kernel. */
function serve(text: string) {
  const file = compileWorldFile(text, DEFAULTS);
  const sources = { ...nodeSources(undefined), worldFile: () => file };
  const mock = createMock({ ...DEFAULTS, quiet: true }, sources);
  return { mock, world: kernelReads(mock), file };
}

describe('world file settings beyond the core', () => {
  it('network: testnet gives ST addresses and refuses mainnet ones', () => {
    const { world, file } = serve('network: testnet\naccounts:\n  alice: { stx: "100" }\n');
    expect(file.settings.network).toBe('testnet');
    expect(world.catalogue().network).toBe('testnet');
    const alice = world.catalogue().declared.accounts[0]?.address ?? '';
    expect(alice).toMatch(/^ST/);
    const balances = world.get('get_account_balance', {
      path: { principal: alice },
      query: { unanchored: false },
    });
    expect(balances?.stx.balance).toBe('100');
    expect(() =>
      compileWorldFile(
        'network: testnet\naccounts:\n  bob: { address: SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7 }\n',
        DEFAULTS,
      ),
    ).toThrow(
      expect.objectContaining({
        problems: [
          'line 3: accounts.bob.address: SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7 is a mainnet address; this world is testnet',
        ],
      }),
    );
  });

  it('seed and blocks in the file override the command line', () => {
    const { mock, world } = serve('seed: 7\nblocks: 90\naccounts:\n  alice: {}\n');
    expect(mock.options.seed).toBe(7);
    expect(world.get('get_status')!.chain_tip?.block_height).toBe(90);
  });

  it('without background, a declared account sees only the file; with it, the seeded activity too', () => {
    const text = (background: boolean) =>
      `background: ${background}\naccounts:\n  whale: { stx: "90000000000000" }\n  minnow: {}\n` +
      'transactions:\n  - { height: 2, type: stx_transfer, sender: whale, recipient: minnow, amount: "7", fee: "1" }\n';
    const historyOf = (background: boolean) => {
      const { world } = serve(text(background));
      const whale = world.catalogue().declared.accounts[0]?.address ?? '';
      const page = world.get('get_account_transactions_with_transfers', {
        path: { principal: whale },
        query: { limit: 50, offset: 0, unanchored: false },
      });
      return page?.total ?? -1;
    };
    expect(historyOf(false)).toBe(2);
    expect(historyOf(true)).toBeGreaterThan(2);
  });
});

describe('the background around a world file', () => {
  it('stays the seed’s: every transaction and block of the plain world is there, same ids', () => {
    const plain = createMock({ seed: 1, blocks: 80, quiet: true }).live;
    const { mock } = serve(
      'accounts:\n  alice: { stx: "5000000" }\n  bob: {}\ntransactions:\n' +
        '  - { height: 9, type: stx_transfer, sender: alice, recipient: bob, amount: "1000", fee: "200" }\n',
    );
    const before = plain.queries.chain;
    const after = mock.live.queries.chain;
    expect(after.txs.count).toBe(before.txs.count + 1);
    for (let tx = 0; tx < before.txs.count; tx++) {
      const id = before.txs.idHex(tx);
      expect(mock.live.queries.findListedTx(id, true), id).toBeDefined();
    }
    expect(after.blocks.hashStates).toEqual(before.blocks.hashStates);
    expect(after.blocks.tenureStates).toEqual(before.blocks.tenureStates);
  });
});
