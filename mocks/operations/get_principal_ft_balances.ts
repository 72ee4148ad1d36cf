import { sortedByAsset } from '../serialize/balances.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_principal_ft_balances: OperationHandler<'get_principal_ft_balances', 'limit' | 'offset'> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, path, query }) => {
    const chain = queries.chain;
    const held = sortedByAsset(chain, queries.tipBalances(path.principal).facts.ft)
      .map(([token, totals]) => ({ token, balance: totals.received - totals.sent }))
      .filter((row) => row.balance > 0);
    const results = held
      .slice(query.offset, query.offset + query.limit)
      .map((row) => ({ token: row.token, balance: String(row.balance) }));
    return ok({
      limit: query.limit,
      offset: query.offset,
      total: results.length > 0 ? held.length : 0,
      results,
    });
  },
};
