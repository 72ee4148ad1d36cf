import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../../spec/http/client.ts';
import { createMockApp, type ListenerDoor } from '../app.ts';
import type { Mock } from '../mock-handle.ts';
import { specCheckedClient } from '../../testing/http/spec-checked-client.ts';
import { ftDisagreements } from '../../testing/worlds/engine-agreement.ts';
import { checkServedWorld } from '../../testing/worlds/world-file-check.ts';
import { resolveMock } from '../kernel.ts';
import { compileWorldFile } from '../world/declared/compile.ts';
import { WorldFileError } from '../world/declared/plan.ts';
import { buildChain } from '../world/generate/build-chain.ts';
import { tempDir } from '../../testing/temp-dir.ts';

// Point 4 of issue 39: Clarity's uint is 128 bits, and so are the world's amounts. One world,
// one mock and one engine for the file.
const MAX = 2n ** 128n - 1n;
/** 2^53 + 1: the first integer a double cannot hold. */
const PAST_DOUBLE = 2n ** 53n + 1n;
const TRANSFERS = 6;
const WHALE = 2n ** 64n - 1n;
const HALF = 2n ** 127n;
/** An 18-decimal token's supply past 2^64: a million tokens of 10^18 units, and one more past 2^64. */
const WEI_SUPPLY = 10n ** 24n;
const WEI_WHALE = 2n ** 64n + 1n;

const WORLD = [
  'accounts:',
  `  keeper: { stx: "${MAX}" }`,
  `  whale: { stx: "${WHALE}" }`,
  '  minnow: { stx: 1000000 }',
  '  issuer: { stx: "100000000" }',
  'tokens:',
  '  - contract: issuer.big-token',
  '    kind: ft',
  `    holders: { issuer: "${MAX}" }`,
  '  - contract: issuer.wei-token',
  '    kind: ft',
  '    decimals: 18',
  `    holders: { issuer: "${WEI_SUPPLY}", whale: "${WEI_WHALE}" }`,
  'transactions:',
  ...Array.from(
    { length: TRANSFERS },
    (_, i) =>
      `  - { height: ${3 + i}, type: stx_transfer, sender: whale, recipient: minnow, amount: "${PAST_DOUBLE}", fee: "1000" }`,
  ),
  `  - { height: 10, type: ft_transfer, asset: issuer.big-token, sender: issuer, recipient: minnow, amount: "${HALF}", fee: "1000" }`,
  `  - { height: 11, type: ft_transfer, asset: issuer.wei-token, sender: whale, recipient: minnow, amount: "${2n ** 64n}", fee: "1000" }`,
].join('\n');

let app: Mock<ListenerDoor>;
let get: ReturnType<typeof specCheckedClient>;
const address: Record<string, string> = {};

const dir = tempDir('exact-amounts-');

beforeAll(async () => {
  const path = join(dir, 'world.yaml');
  writeFileSync(path, `${WORLD}\n`);
  app = createMockApp({ quiet: true, rateLimit: 0, blocks: 60, world: path });
  get = specCheckedClient(app);
  const world = (await get('/_mock/world')).body as {
    declared: { accounts: { name: string; address: string }[] };
  };
  for (const a of world.declared.accounts) address[a.name] = a.address;
});

function asset(name: string): string {
  return `${address.issuer}.${name}::${name}`;
}

describe('amounts up to 2^128 - 1, exact in every answer', () => {
  it('reads a balance of 2^128 - 1 back byte for byte, v1 and v2', async () => {
    const v1 = await get(`/extended/v1/address/${address.keeper}/balances`);
    expect(v1.text).toContain(`"balance":"${MAX}"`);
    expect(v1.body.stx).toMatchObject({ balance: `${MAX}`, total_received: `${MAX}` });
    const v2 = await get(`/extended/v2/addresses/${address.keeper}/balances/stx`);
    expect(v2.body.balance).toBe(`${MAX}`);
  });

  it('answers every declared account as the file implies, to the micro-unit (the oracle sums in BigInt)', async () => {
    expect(await checkServedWorld(get, WORLD)).toBe(4);
  });

  it('sums many transfers past 2^53 exactly (a double would not)', async () => {
    const moved = PAST_DOUBLE * BigInt(TRANSFERS);
    const minnow = (await get(`/extended/v2/addresses/${address.minnow}/balances/stx`)).body;
    expect(minnow.balance).toBe(`${moved + 1_000_000n}`);
    let doubles = 1_000_000;
    for (let i = 0; i < TRANSFERS; i++) doubles += Number(PAST_DOUBLE);
    expect(minnow.balance).not.toBe(String(doubles)); // what summing doubles would have said
    const whale = (await get(`/extended/v1/address/${address.whale}/balances`)).body.stx;
    expect(whale).toMatchObject({
      balance: `${WHALE - moved - BigInt(TRANSFERS + 1) * 1000n}`,
      total_sent: `${moved}`,
      total_fees_sent: `${BigInt(TRANSFERS + 1) * 1000n}`,
    });
  });

  it('carries token balances past 2^64 and 2^127 exactly (v1, v2 ft)', async () => {
    const v1 = (await get(`/extended/v1/address/${address.issuer}/balances`)).body;
    expect(v1.fungible_tokens[asset('big-token')]).toEqual({
      balance: `${MAX - HALF}`,
      total_sent: `${HALF}`,
      total_received: `${MAX}`,
    });
    const ft = (await get(`/extended/v2/addresses/${address.minnow}/balances/ft`)).body;
    expect(ft.results).toEqual(
      expect.arrayContaining([
        { token: asset('big-token'), balance: `${HALF}` },
        { token: asset('wei-token'), balance: `${2n ** 64n}` },
      ]),
    );
  });

  it('writes the events and transfers of a large transfer with its exact amount', async () => {
    const page = (await get(`/extended/v1/address/${address.minnow}/transactions_with_transfers?limit=50`))
      .body;
    const big = page.results.find((r: { ft_transfers?: { amount: string }[] }) =>
      r.ft_transfers?.some((t) => t.amount === `${HALF}`),
    );
    expect(big, 'the big-token transfer').toBeDefined();
    const stx = page.results.map((r: { stx_received: string }) => r.stx_received);
    expect(stx.filter((s: string) => s === `${PAST_DOUBLE}`)).toHaveLength(TRANSFERS);
    const events = (await get(`/extended/v2/addresses/${address.minnow}/transactions/${big.tx.tx_id}/events`))
      .body;
    expect(events.results).toContainEqual(
      expect.objectContaining({ type: 'ft', data: expect.objectContaining({ amount: `${HALF}` }) }),
    );
    const tx = (await get(`/extended/v1/tx/${big.tx.tx_id}`)).body;
    expect(tx.events).toContainEqual(
      expect.objectContaining({ asset: expect.objectContaining({ amount: `${HALF}` }) }),
    );
  });

  it('serves the 18-decimal token’s metadata and supply past 2^64 exactly', async () => {
    const meta = (await get(`/metadata/v1/ft/${address.issuer}.wei-token`)).body;
    expect(meta).toMatchObject({ decimals: 18, total_supply: `${WEI_SUPPLY + WEI_WHALE}` });
  });

  it('runs in the Clarity engine with the same balances: every holder, both tokens, their supplies', async () => {
    const reads = await app.live.queries.clarity.ready();
    const { problems, compared } = ftDisagreements(app.live.queries, reads);
    expect(problems).toEqual([]);
    expect(compared).toBeGreaterThan(4);
    const decimals = reads.callReadOnly(
      `${address.issuer}.wei-token`,
      'get-decimals',
      [],
      address.issuer as string,
    );
    expect(decimals).toEqual({ okay: true, result: '0x070100000000000000000000000000000012' });
  }, 120_000);

  it('admits, mines and answers a submitted transfer past 2^64 exactly, and the engine follows', async () => {
    const mock = httpClient(app);
    const before = BigInt((await get(`/extended/v2/addresses/${address.minnow}/balances/stx`)).body.balance);
    const sent = 2n ** 70n + 3n;
    const submitted = await mock.post('/_mock/transactions', {
      type: 'contract_call',
      asset: asset('wei-token'),
      sender: address.issuer,
      recipient: address.minnow,
      amount: `${sent}`,
      fee: '1000',
    });
    expect(submitted.status).toBe(201);
    const stx = await mock.post('/_mock/transactions', {
      type: 'token_transfer',
      sender: address.whale,
      recipient: address.minnow,
      amount: `${PAST_DOUBLE}`,
      fee: '1000',
    });
    expect(stx.status).toBe(201);
    const past = await mock.post('/_mock/transactions', {
      type: 'token_transfer',
      sender: address.keeper,
      recipient: address.minnow,
      amount: `${2n ** 64n}`,
      fee: '1000',
    });
    expect([past.status, past.body.message]).toEqual([
      400,
      `amount ${2n ** 64n} is past ${2n ** 64n - 1n} (2^64 - 1): a token transfer's payload holds a u64`,
    ]);
    const pending = (await get(`/extended/v1/address/${address.minnow}/balances`)).body.stx;
    expect(pending.pending_balance_inbound).toBe(`${PAST_DOUBLE}`);
    await mock.post('/_mock/mine');
    const ft = (await get(`/extended/v2/addresses/${address.minnow}/balances/ft`)).body;
    expect(ft.results).toContainEqual({ token: asset('wei-token'), balance: `${2n ** 64n + sent}` });
    const after = (await get(`/extended/v2/addresses/${address.minnow}/balances/stx`)).body;
    expect(after.balance).toBe(`${before + PAST_DOUBLE}`);
    const reads = await app.live.queries.clarity.ready();
    expect(ftDisagreements(app.live.queries, reads).problems).toEqual([]);
  }, 120_000);
});

/** The problems the mock would print for this file, or [] when it would serve it. */
function problemsOf(...lines: string[]): string[] {
  try {
    const text = `${lines.join('\n')}\n`;
    const defaults = { seed: 1, network: 'mainnet', blocks: 60 } as const;
    buildChain(resolveMock(defaults, (d) => compileWorldFile(text, d)).world);
    return [];
  } catch (err) {
    if (err instanceof WorldFileError) return [...err.problems];
    throw err;
  }
}

const RANGE = `0 to ${MAX} (2^128 - 1)`;
const NOT_AN_AMOUNT = 'is not an amount (micro-units: a string of digits or an integer, 0 to 2^128 - 1)';
const NOT_A_HOLDING =
  'is neither an amount (ft: micro-units, a string of digits or an integer, 0 to 2^128 - 1) nor a list of uint ids (nft)';

describe('a world file’s amounts: up to 2^128 - 1, refused past it in one line', () => {
  it.each([
    ['an account balance', ['accounts:', '  alice: { stx: AMOUNT }'], 'accounts.alice.stx', 2, NOT_AN_AMOUNT],
    [
      'a token mint',
      [
        'accounts:',
        '  alice: {}',
        'tokens:',
        '  - { contract: alice.t, kind: ft, holders: { alice: AMOUNT } }',
      ],
      'tokens[0].holders.alice',
      4,
      NOT_A_HOLDING,
    ],
    [
      'a stacking lock',
      [
        'accounts:',
        `  alice: { stx: "${MAX}" }`,
        '  bob: { stx: "10" }',
        'transactions:',
        '  - { height: 3, type: stack_stx, sender: alice, amount: AMOUNT, cycles: 1, fee: "1", sponsor: bob }',
      ],
      'transactions[0].amount',
      5,
      NOT_AN_AMOUNT,
    ],
    [
      'a token transfer',
      [
        'accounts:',
        '  alice: { stx: "10" }',
        '  bob: {}',
        'tokens:',
        `  - { contract: alice.t, kind: ft, holders: { alice: "${MAX}" } }`,
        'transactions:',
        '  - { height: 3, type: ft_transfer, asset: alice.t, sender: alice, recipient: bob, amount: AMOUNT, fee: "1" }',
      ],
      'transactions[0].amount',
      7,
      NOT_AN_AMOUNT,
    ],
  ] as const)('%s', (_name, file, entry, line, notAnAmount) => {
    const at = (amount: string) => problemsOf(...file.map((l) => l.replace('AMOUNT', amount)));
    expect(at(`"${MAX}"`)).toEqual([]);
    expect(at('9007199254740991')).toEqual([]);
    expect(at(`"${MAX + 1n}"`)).toEqual([
      `line ${line}: ${entry}: "${MAX + 1n}" is too large: amounts go from ${RANGE} micro-units`,
    ]);
    expect(at('-5')).toEqual([`line ${line}: ${entry}: -5 ${notAnAmount}`]);
    expect(at('"-5"')).toEqual([`line ${line}: ${entry}: "-5" ${notAnAmount}`]);
    expect(at('1.5')).toEqual([`line ${line}: ${entry}: 1.5 ${notAnAmount}`]);
    expect(at('9007199254740993')).toEqual([
      `line ${line}: ${entry}: 9007199254740992 is not exact as a number past 9007199254740991 (2^53 - 1): write it as a string of digits, "…", from ${RANGE}`,
    ]);
  });

  it('takes an STX transfer up to 2^64 - 1, what its payload’s u64 holds', () => {
    const transfer = (amount: bigint) =>
      problemsOf(
        'accounts:',
        `  alice: { stx: "${MAX}" }`,
        '  bob: {}',
        'transactions:',
        `  - { height: 3, type: stx_transfer, sender: alice, recipient: bob, amount: "${amount}", fee: "1" }`,
      );
    expect(transfer(2n ** 64n - 1n)).toEqual([]);
    expect(transfer(2n ** 64n)).toEqual([
      `line 5: transactions[0].amount: ${2n ** 64n} is past ${2n ** 64n - 1n} (2^64 - 1): an STX transfer's amount is a u64 in its payload (a token transfer's is a uint, up to 2^128 - 1)`,
    ]);
  });

  it('gives decimals to an ft only, from 0 to 38', () => {
    const token = (fields: string) => [
      'accounts:',
      '  alice: {}',
      'tokens:',
      `  - { contract: alice.t, kind: ${fields}, holders: { alice: [1] } }`,
    ];
    expect(problemsOf(...token('nft, decimals: 2'))).toEqual([
      'line 4: tokens[0].decimals: decimals are an ft’s (SIP-010 get-decimals), not an nft’s',
    ]);
    expect(
      problemsOf('accounts:', '  alice: {}', 'tokens:', '  - { contract: alice.t, kind: ft, decimals: 39 }'),
    ).toEqual(['line 4: tokens[0].decimals: 39 must be <= 38']);
  });
});
