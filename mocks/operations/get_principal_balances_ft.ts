import { ftPositions } from '../query/principal-activity.ts';
import { cursorPage, listingOf, pageTotal } from '../query/paging.ts';
import { splitFirst } from './principal-cursors.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_principal_balances_ft: OperationHandler<'get_principal_balances_ft', 'limit'> = {
  defaulted: ['limit'],
  answer: ({ queries, path, query }) => {
    const rows = ftPositions(queries.chain, queries.tipBalances(path.principal).facts.ft);
    const [balance, assetId] = query.cursor === undefined ? [] : splitFirst(query.cursor);
    const page = cursorPage(listingOf(rows), {
      limit: query.limit,
      // Largest first: a smaller balance comes later, an equal one from the cursor's identifier on.
      fromCursor:
        balance === undefined
          ? undefined
          : (row) =>
              row.balance < Number(balance) ||
              (row.balance === Number(balance) && row.assetId >= (assetId as string)),
      keyOf: (row) => `${row.balance}:${row.assetId}`,
      previous: 'nearest',
    });
    return ok({
      limit: query.limit,
      total: pageTotal(page.results, rows.length),
      cursor: page.cursor,
      results: page.results.map((row) => ({ asset_identifier: row.assetId, balance: String(row.balance) })),
    });
  },
};
