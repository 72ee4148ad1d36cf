import type { Chain } from '../mocks/world/tables/chain.ts';

/** A principal's kinds (rowsOfEveryKind) and how many mined transactions name it. */
export interface PrincipalKinds {
  kindsOf(principal: number): Iterable<string>;
  named(principal: number): number;
}

/** A history longer than this many rows spans pages at the largest `limit` (50). */
const PAGE = 50;

/**
 * What the balance, history, balance-change and event serializers branch on, read from a world's
 * tables: for each mined or pending transaction naming a principal, its part in it (sender,
 * recipient, sponsor, or the contract called) with the transaction's action, status and whether
 * it is sponsored, in a microblock or unanchored; and of the principal itself, whether it is a
 * contract, got STX at genesis, vests, got a world file's minted tokens, and whether its history
 * spans pages. Events a transaction derives (a vault's swap, a mint's holders) name
 * principals the columns do not: a seeded sample beside the kinds walks some of those.
 */
export function principalKinds(chain: Chain): PrincipalKinds {
  const { principals } = chain;
  const kinds = Array.from({ length: principals.count }, () => new Set<string>());
  const named = new Int32Array(principals.count);
  const add = (p: number, kind: string): void => {
    if (p < 0) return;
    kinds[p]?.add(kind);
    named[p] = (named[p] as number) + 1;
  };
  for (const [table, where] of [
    [chain.txs, 'mined'],
    [chain.mempool, 'pending'],
  ] as const)
    for (let tx = 0; tx < table.count; tx++) {
      // Of a pending transaction, the balances read only that it is one.
      const how =
        where === 'pending'
          ? where
          : [
              table.action[tx],
              table.status[tx],
              table.sponsor.at(tx) >= 0 ? 'sponsored' : '',
              table.micro.at(tx) >= 0 ? 'microblock' : '',
              tx >= chain.anchoredCount ? 'unanchored' : '',
            ].join(' ');
      add(table.sender[tx] as number, `sender ${how}`);
      add(table.peer[tx] as number, `recipient ${how}`);
      add(table.sponsor.at(tx), `sponsor ${how}`);
      add(chain.contracts[table.contract[tx] as number]?.principal ?? -1, `contract ${how}`);
    }
  for (const p of chain.genesisRecipients) kinds[p]?.add('genesis');
  for (const p of chain.vesting.keys()) kinds[p]?.add('vesting');
  for (const mints of chain.mints.values()) for (const m of mints) kinds[m.recipient]?.add('minted');
  kinds.forEach((k, p) => {
    k.add(principals.name(p).includes('.') ? 'a contract' : 'an address');
    if ((named[p] as number) > PAGE) k.add('pages');
  });
  return { kindsOf: (p) => kinds[p] as Set<string>, named: (p) => named[p] as number };
}
