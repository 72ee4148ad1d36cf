import type { Balances } from '../../mocks/serialize/types.ts';
import {
  readCatalogue,
  checkAfter,
  fail,
  freshAddress,
  pick,
  principals,
  spendable,
  type ChainModel,
  type ChainUnderTest,
  type Command,
} from './chain-steps.ts';

export const INVALID = [
  'overspend',
  'unknown sender',
  'bad amount',
  'bad fee',
  'ft over balance',
  'nft not owned',
  'long memo',
  'self',
  'unknown token',
  'nonce',
  'too deep',
  'mine none',
] as const;

export const BAD_AMOUNTS: readonly unknown[] = [
  '',
  '-1',
  '1.5',
  '1e3',
  '007',
  ' 1',
  2 ** 53,
  -1,
  0.5,
  null,
  true,
  [],
  {},
  '1'.repeat(40),
];

/** A call the control plane must refuse: 400, and nothing changes, not even the principals table. */
export class Refused implements Command {
  constructor(
    readonly kind: (typeof INVALID)[number],
    readonly n: number,
  ) {}
  check = (): boolean => true;
  async run(model: ChainModel, real: ChainUnderTest): Promise<void> {
    const everyone = await principals(real);
    const catalogue = await readCatalogue(real);
    const sender = pick(everyone, this.n) as string;
    const recipient = freshAddress(model, this.n);
    const balances = (await real.read(`/extended/v1/address/${sender}/balances?unanchored=true`))
      .body as Balances;
    const base = { type: 'token_transfer', sender, recipient, amount: '1', fee: '200' };
    const [path, body]: [string, unknown] = (() => {
      switch (this.kind) {
        case 'overspend':
          return ['/_mock/transactions', { ...base, amount: String(spendable(balances) - 199n) }];
        case 'unknown sender':
          return ['/_mock/transactions', { ...base, sender: catalogue.addresses.unknown }];
        case 'bad amount':
          return ['/_mock/transactions', { ...base, amount: pick(BAD_AMOUNTS, this.n) }];
        case 'bad fee':
          return ['/_mock/transactions', { ...base, fee: pick(BAD_AMOUNTS, this.n) }];
        case 'ft over balance': {
          const asset = pick(catalogue.assets.ft, this.n) as string;
          const held = BigInt(balances.fungible_tokens[asset]?.balance ?? '0');
          return [
            '/_mock/transactions',
            {
              ...base,
              type: 'contract_call',
              asset,
              amount: String(held + 1n + BigInt(this.n) * 10n ** 18n),
            },
          ];
        }
        case 'nft not owned':
          return [
            '/_mock/transactions',
            {
              ...base,
              type: 'contract_call',
              asset: pick(catalogue.assets.nft, this.n),
              amount: String(10n ** 30n + BigInt(this.n)),
            },
          ];
        case 'long memo':
          return ['/_mock/transactions', { ...base, memo: 'ü'.repeat(18) }];
        case 'self':
          return ['/_mock/transactions', { ...base, recipient: sender }];
        case 'unknown token':
          return [
            '/_mock/transactions',
            { ...base, type: 'contract_call', asset: `${catalogue.assets.ft[0]}-gone` },
          ];
        case 'nonce':
          return ['/_mock/transactions', { ...base, nonce: this.n }];
        case 'too deep':
          return ['/_mock/reorg', { depth: 101 + (this.n % 3) }];
        case 'mine none':
          return ['/_mock/mine', { blocks: [0, 1001, '1', -1][this.n % 4] }];
      }
    })();
    const before = await snapshot(real);
    const res = await real.post(path, body);
    if (res.status !== 400 || typeof res.body.message !== 'string')
      fail(
        this.toString(),
        `${JSON.stringify(body)} → ${res.status} ${JSON.stringify(res.body)}, expected a 400`,
      );
    const after = await snapshot(real);
    if (after !== before)
      fail(
        this.toString(),
        `a refused call (${res.body.message}) changed the chain:\n  before ${before.slice(0, 300)}\n  after  ${after.slice(0, 300)}`,
      );
    real.tally(`refused: ${this.kind}`);
    await checkAfter(this.toString(), model, real, [sender], this.n);
  }
  toString = (): string => `refused(${this.kind}, ${this.n})`;
}

/** What a refused call must leave as it was: the version, the principals table, the catalogue and the mempool. */
export async function snapshot(real: ChainUnderTest): Promise<string> {
  const world = real.mock.live.queries;
  const chain = world.chain;
  const catalogueText = JSON.stringify(await readCatalogue(real));
  const stats = JSON.stringify((await real.read('/extended/v1/tx/mempool/stats')).body);
  return JSON.stringify({
    version: world.version,
    principals: chain.principals.count,
    mempool: chain.mempool.count,
    txs: chain.txs.count,
    catalogueText,
    stats,
  });
}
