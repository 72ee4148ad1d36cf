import { heldOf } from '../query/balances.ts';
import { listingOf, offsetPage } from '../query/paging.ts';
import { sortedByAsset } from '../serialize/balances.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_principal_ft_balances: OperationHandler<'get_principal_ft_balances', 'limit' | 'offset'> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, path, query }) => {
    const chain = queries.chain;
    const held = sortedByAsset(chain, queries.tipBalances(path.principal).facts.ft)
      .map(([token, totals]) => ({ token, balance: heldOf(totals) }))
      .filter((row) => row.balance > 0);
    const page = offsetPage(listingOf(held), query, 'whenShown');
    return ok({
      ...page,
      results: page.results.map((row) => ({ token: row.token, balance: String(row.balance) })),
    });
  },
};
