import type { WorldCatalogue } from '../../query/catalogue.ts';
import type { Exchanges, Ok } from './api.ts';
import { errorLine, h, link, table } from './dom.ts';
import { stx } from './format.ts';
import type { Drawn } from './view.ts';
import { urlFor } from './urls.ts';

/** The world's notable addresses (by role) and a world file's accounts (by name), with their STX. */
export async function accountsView(x: Exchanges): Promise<Drawn> {
  const world = await x.get<WorldCatalogue>('/_mock/world');
  if (!world.ok) return { title: 'Accounts', content: [errorLine(world.error)] };
  const declared = world.body.declared.accounts.map((a) => ({
    name: a.name,
    address: a.address,
    declared: true,
  }));
  const notable = Object.entries(world.body.addresses).map(([role, address]) => ({
    name: role.replaceAll('_', ' '),
    address,
    declared: false,
  }));
  const accounts = [...declared, ...notable];
  const balances = await Promise.all(
    accounts.map((a) =>
      x.get<Ok<'get_account_balance'>>(urlFor('get_account_balance', { path: { principal: a.address } })),
    ),
  );
  const keyed = world.body.declared.accounts.filter((a) => a.test_key !== undefined);
  return {
    title: 'Accounts',
    content: [
      ...testKeys(keyed),
      h(
        'p',
        {},
        declared.length
          ? 'Declared by the world file, then the notable addresses of the generated world.'
          : 'The notable addresses of the generated world (a world file adds its own accounts by name).',
      ),
      table(
        ['Account', 'Address', 'STX', 'Tokens'],
        accounts.map((a, i) => {
          const b = balances[i];
          if (!b?.ok)
            return [a.name, link(`#/address/${a.address}`, a.address), errorLine(b?.error ?? ''), ''];
          const tokens =
            Object.keys(b.body.fungible_tokens).length + Object.keys(b.body.non_fungible_tokens).length;
          return [
            a.declared ? h('strong', {}, a.name) : a.name,
            link(`#/address/${a.address}`, a.address),
            stx(b.body.stx.balance),
            tokens,
          ];
        }),
        ['STX', 'Tokens'],
      ),
    ],
  };
}

/** The test keys the world file asked for, to sign with (stacks.js's `senderKey`). */
function testKeys(keyed: WorldCatalogue['declared']['accounts']): Node[] {
  if (keyed.length === 0) return [];
  return [
    h('h2', {}, 'Test keys'),
    h(
      'p',
      {},
      'Derived from the seed and the account’s name (test_key: true in the world file): anyone can derive them, so use them for testing only.',
    ),
    table(
      ['Account', 'Address', 'Test key'],
      keyed.map((a) => [a.name, link(`#/address/${a.address}`, a.address), h('code', {}, a.test_key ?? '')]),
    ),
  ];
}
