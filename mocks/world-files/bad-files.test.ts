import { describe, expect, it } from 'vitest';
import { resolveMock } from '../kernel.ts';
import { compileWorldFile } from '../world/declared/compile.ts';
import { WorldFileError } from '../world/declared/plan.ts';
import { buildChain } from '../world/generate/build-chain.ts';

const DEFAULTS = { seed: 1, network: 'mainnet', blocks: 80 } as const;
const ALICE = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const TESTNET = 'ST2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKQYAC0RQ';

/** The problems the mock would print for this file (read as the kernel reads one, then built), or [] when it would serve it. */
function problemsOf(text: string): string[] {
  try {
    buildChain(resolveMock(DEFAULTS, (defaults) => compileWorldFile(text, defaults)).world);
    return [];
  } catch (err) {
    if (err instanceof WorldFileError) return [...err.problems];
    throw err;
  }
}

function lines(...l: string[]): string {
  return `${l.join('\n')}\n`;
}

/** A bad file's case: its lines, and every problem the mock must print for it, in order. */
type Case = [name: string, file: string[], problems: unknown[]];

const BAD = `${ALICE.slice(0, -1)}8`;

const CASES: Case[] = [
  [
    'a syntax error, at the line where the parser finds it',
    ['accounts:', '  alice: { stx: "1"', '  bob: {}'],
    ['line 3: syntax error: Flow map in block collection must be sufficiently indented and end with a }'],
  ],
  [
    'an unknown key',
    [
      'accounts:',
      '  alice: { stx: "1000000" }',
      '  bob: {}',
      'transactions:',
      '  - { height: 3, type: stx_transfer, sender: alice, recipient: bob, amout: "5", fee: "1" }',
    ],
    ['line 5: transactions[0]: missing key "amount"', 'line 5: transactions[0].amout: unknown key "amout"'],
  ],
  ['an unknown key at the top', ['acounts:', '  alice: {}'], ['line 1: acounts: unknown key "acounts"']],
  [
    'a value of the wrong type: an amount',
    ['accounts:', '  alice: { stx: yes }'],
    [
      'line 2: accounts.alice.stx: "yes" is not an amount (micro-units: a string of digits or an integer, 0 to 2^128 - 1)',
    ],
  ],
  [
    'a value of the wrong type: an ft holder’s list of ids',
    ['accounts:', '  alice: {}', 'tokens:', '  - { contract: alice.t, kind: ft, holders: { alice: [1] } }'],
    ['line 4: tokens[0].holders.alice: an ft holder holds an amount, not a list of ids'],
  ],
  [
    'an unknown type',
    ['accounts:', '  alice: {}', 'transactions:', '  - { height: 3, type: swap, sender: alice, fee: "1" }'],
    [
      'line 4: transactions[0].type: unknown type "swap" (one of stx_transfer, ft_transfer, nft_transfer, stack_stx, contract_call)',
    ],
  ],
  [
    'an address with a bad checksum',
    ['accounts:', '  bob: {}', `  alice: { address: ${BAD} }`],
    [`line 3: accounts.alice.address: "${BAD}": its checksum is wrong`],
  ],
  [
    'an address from the other network, as an account and as a recipient',
    [
      'accounts:',
      `  alice: { address: ${TESTNET}, stx: "5000" }`,
      '  bob: { stx: "5000" }',
      'transactions:',
      `  - { height: 2, type: stx_transfer, sender: bob, recipient: ${TESTNET}, amount: "1", fee: "1" }`,
    ],
    [
      `line 2: accounts.alice.address: ${TESTNET} is a testnet address; this world is mainnet`,
      `line 5: transactions[0].recipient: ${TESTNET} is a testnet address; this world is mainnet`,
    ],
  ],
  [
    'an undeclared name',
    [
      'accounts:',
      '  alice: { stx: "5000" }',
      'transactions:',
      '  - { height: 2, type: stx_transfer, sender: alice, recipient: carol, amount: "1", fee: "1" }',
    ],
    [
      'line 4: transactions[0].recipient: undeclared name "carol" (declare it under accounts, or give an address)',
    ],
  ],
  [
    'a height past the chain',
    [
      'accounts:',
      '  alice: { stx: "5000" }',
      '  bob: {}',
      'transactions:',
      '  - { height: 81, type: stx_transfer, sender: alice, recipient: bob, amount: "1", fee: "1" }',
    ],
    [
      'line 5: transactions[0].height: height 81 is past the chain tip at 80 (raise blocks: in the file or --blocks)',
    ],
  ],
  [
    'a sender who cannot pay amount + fee at that height (earlier transfers counted)',
    [
      'accounts:',
      '  alice: { stx: "1000000" }',
      '  bob: {}',
      'transactions:',
      '  - { height: 5, type: stx_transfer, sender: alice, recipient: bob, amount: "600000", fee: "200" }',
      '  - { height: 4, type: stx_transfer, sender: alice, recipient: bob, amount: "400000", fee: "200" }',
    ],
    [
      'line 5: transactions[0]: alice cannot pay 600000 + fee 200 µSTX at height 5: it has 599800 µSTX to spend',
    ],
  ],
  [
    'an NFT id the sender does not own',
    [
      'accounts:',
      '  alice: { stx: "1000000" }',
      '  bob: { stx: "1000000" }',
      'tokens:',
      '  - { contract: alice.art, kind: nft, holders: { alice: [1], bob: [2] } }',
      'transactions:',
      '  - { height: 3, type: nft_transfer, asset: alice.art::art, sender: alice, recipient: bob, value: 2, fee: "1" }',
    ],
    [
      expect.stringMatching(
        /^line 7: transactions\[0\]: alice does not own NFT id 2 of S\w+\.art at height 3$/,
      ),
    ],
  ],
  [
    'a duplicate account by name',
    ['accounts:', '  alice: {}', '  bob: {}', '  alice: { stx: "1" }'],
    ['line 4: accounts.alice: duplicate account "alice" (each name once)'],
  ],
  [
    'a duplicate account by address',
    ['accounts:', `  alice: { address: ${ALICE} }`, `  alicia: { address: ${ALICE} }`],
    [`line 3: accounts.alicia: duplicate account: ${ALICE} is already accounts.alice`],
  ],
  [
    'schema, reference and ledger problems together, in one reading, with none that only follows from another',
    [
      'accounts:',
      '  alice: { stx: "1000" }',
      '  bob: { stx: yes }',
      '  carol: {}',
      '  dave: { stx: "340282366920938463463374607431768211456" }',
      '  frank: {}',
      'transactions:',
      '  - { height: 3, type: swap, sender: alice, fee: "1" }',
      '  - { height: 4, type: stx_transfer, sender: alice, recipient: erin, amount: "1", fee: "1" }',
      '  - { height: 5, type: stx_transfer, sender: frank, recipient: alice, amount: "5", fee: "1" }',
      '  - { height: 6, type: stx_transfer, sender: bob, recipient: carol, amount: "5", fee: "1" }',
      '  - { height: 7, type: stx_transfer, sender: dave, recipient: carol, amount: "5", fee: "1" }',
      '  - { height: 8, type: stx_transfer, sender: carol, recipient: alice, amount: "5", fee: "1" }',
      '  - { height: 9, type: stx_transfer, sender: alice, recipient: carol, amount: "2000", fee: "1" }',
    ],
    [
      'line 3: accounts.bob.stx: "yes" is not an amount (micro-units: a string of digits or an integer, 0 to 2^128 - 1)',
      'line 5: accounts.dave.stx: "340282366920938463463374607431768211456" is too large: amounts go from 0 to 340282366920938463463374607431768211455 (2^128 - 1) micro-units',
      'line 8: transactions[0].type: unknown type "swap" (one of stx_transfer, ft_transfer, nft_transfer, stack_stx, contract_call)',
      'line 9: transactions[1].recipient: undeclared name "erin" (declare it under accounts, or give an address)',
      'line 10: transactions[2]: frank cannot pay 5 + fee 1 µSTX at height 5: it has 0 µSTX to spend',
      // carol's shortfall (line 13) is left out: the transfers to her, from broken accounts, are the problems to fix.
      'line 14: transactions[6]: alice cannot pay 2000 + fee 1 µSTX at height 9: it has 1000 µSTX to spend',
    ],
  ],
  [
    'a broken entry that would have funded a payer: the payer’s shortfall is not reported beside it',
    [
      'accounts:',
      '  alice: { stx: "1000" }',
      '  bob: {}',
      'transactions:',
      '  - { height: 3, type: stx_transfer, sender: alice, recipient: bob, amount: "500", fee: "1", memo: x }',
      '  - { height: 4, type: stx_transfer, sender: bob, recipient: alice, amount: "100", fee: "1" }',
    ],
    ['line 5: transactions[0].memo: unknown key "memo"'],
  ],
  [
    'a broken section and a broken token: references to what they declare are not problems of their own',
    [
      'accounts:',
      '  alice: { stx: "1000" }',
      'tokens:',
      '  - { contract: alice.art, kind: art }',
      'transactions:',
      '  - { height: 3, type: nft_transfer, asset: alice.art, sender: alice, recipient: bob, value: 1, fee: "1" }',
      'mempool: { sender: alice }',
    ],
    [
      'line 4: tokens[0].kind: unknown value "art" (one of ft, nft)',
      'line 6: transactions[0].recipient: undeclared name "bob" (declare it under accounts, or give an address)',
      'line 7: mempool: {"sender":"alice"} must be an array',
    ],
  ],
  [
    // 80 blocks: Nakamoto from 32; tenures start at 32 and 33, 34 continues the second.
    'a tenure extension before Nakamoto, on a block that starts a tenure, twice at a height, past the tip: all in one reading',
    [
      'tenure_changes:',
      '  - { height: 10, cause: extended_runtime }',
      '  - { height: 32, cause: extended }',
      '  - { height: 33, cause: extended_write_count }',
      '  - { height: 33, cause: extended_read_count }',
      '  - { height: 81, cause: extended_read_length }',
    ],
    [
      'line 2: tenure_changes[0]: height 10 is before Nakamoto: tenure changes come later',
      'line 3: tenure_changes[1]: height 32 starts a tenure (its tenure change is block_found): extend it in a later block of the same tenure_height',
      'line 4: tenure_changes[2]: height 33 starts a tenure (its tenure change is block_found): extend it in a later block of the same tenure_height',
      'line 5: tenure_changes[3].height: a second tenure change at height 33 (one a block)',
      'line 6: tenure_changes[4].height: height 81 is past the chain tip at 80 (raise blocks: in the file or --blocks)',
    ],
  ],
  [
    'a tenure extension in a block that continues a tenure is fine beside the bad ones',
    [
      'tenure_changes:',
      '  - { height: 10, cause: extended_runtime }',
      '  - { height: 32, cause: extended }',
      '  - { height: 34, cause: extended_write_count }',
    ],
    [
      'line 2: tenure_changes[0]: height 10 is before Nakamoto: tenure changes come later',
      'line 3: tenure_changes[1]: height 32 starts a tenure (its tenure change is block_found): extend it in a later block of the same tenure_height',
    ],
  ],
  [
    'a tenure change that is not an extension',
    ['tenure_changes:', '  - { height: 33, cause: block_found }'],
    [
      'line 2: tenure_changes[0].cause: unknown value "block_found" (one of extended, extended_runtime, extended_read_count, extended_read_length, extended_write_count, extended_write_length)',
    ],
  ],
  [
    'names: a name outside btc and id, a height past the tip, an owner who cannot pay, a height before the launch, a name twice, a second name of one owner',
    [
      'accounts:',
      '  alice: { stx: "10000000" }',
      '  bob: {}',
      'names:',
      '  - { name: alice.xyz, owner: alice }',
      '  - { name: carol.btc, owner: alice, height: 900 }',
      '  - { name: bob.btc, owner: bob }',
      '  - { name: alice.id, owner: alice, height: 4 }',
      '  - { name: alice.btc, owner: alice, height: 10 }',
      '  - { name: alice.btc, owner: alice }',
      '  - { name: carol.id, owner: alice }',
    ],
    [
      'line 5: names[0].name: "alice.xyz" is not a name the world registers (<name>.btc or <name>.id; lowercase letters, digits, - and _)',
      'line 6: names[1].height: height 900 is past the chain tip at 80 (raise blocks: in the file or --blocks)',
      "line 7: names[2]: bob.btc: its owner cannot pay the name's price and fees (2006000 µSTX) at height 6: it has 0 µSTX to spend",
      "line 8: names[3].height: height 4 comes before the namespaces' launch: a name is registered at height 7 or later",
      'line 10: names[5].name: alice.btc is declared twice (a name has one owner)',
      'line 11: names[6].owner: alice already owns alice.btc, and BNS lets an address own one name (give carol.id another owner)',
    ],
  ],
];

describe('a bad world file is refused with one line per problem, naming the entry and its line', () => {
  it('serves a good file (the baseline the cases below break)', () => {
    expect(
      problemsOf(
        lines(
          'accounts:',
          `  alice: { address: ${ALICE}, stx: "1000000" }`,
          '  bob: {}',
          'transactions:',
          '  - { height: 3, type: stx_transfer, sender: alice, recipient: bob, amount: "999000", fee: "1000" }',
        ),
      ),
    ).toEqual([]);
  });

  it.each(CASES)('%s', (_name, file, problems) => {
    expect(problemsOf(lines(...file))).toEqual(problems);
  });

  it('several problems: every one of them, in file order', () => {
    const problems = problemsOf(
      lines(
        'accounts:',
        '  alice: { stx: "100" }',
        'transactions:',
        '  - { height: 2, type: stx_transfer, sender: alice, recipient: dave, amount: "1", fee: "1" }',
        '  - { height: 900, type: stx_transfer, sender: erin, recipient: alice, amount: "1", fee: "1" }',
      ),
    );
    expect(problems.map((p) => p.slice(0, 30))).toEqual([
      'line 4: transactions[0].recipi',
      'line 5: transactions[1].height',
      'line 5: transactions[1].sender',
    ]);
  });
});
