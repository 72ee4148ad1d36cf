import { balanceChangeRows } from '../query/principal-activity.ts';
import { balanceChangeItem } from '../serialize/principal-summaries.ts';
import { cursorPage, listingOf, pageTotal } from '../query/paging.ts';
import { normalizeHex } from './normalize.ts';
import { assetAtOrAfter, assetCursor } from './principal-cursors.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_principal_transaction_balance_changes: OperationHandler<
  'get_principal_transaction_balance_changes',
  'limit'
> = {
  defaulted: ['limit'],
  answer: ({ queries, path, query }) => {
    const tx = queries.minedTx(normalizeHex(path.tx_id));
    // An unknown transaction, or one that does not concern the principal, has no rows (200, as the real service).
    const rows =
      tx === undefined ? [] : balanceChangeRows(queries.chain, queries.txBalanceChanges(path.principal, tx));
    const from = query.cursor === undefined ? undefined : assetCursor(query.cursor);
    const page = cursorPage(listingOf(rows), {
      limit: query.limit,
      fromCursor: from && ((row) => assetAtOrAfter(row, from)),
      keyOf: (row) => `${row.assetType}:${row.identifier}`,
      previous: 'whole-page',
    });
    return ok({
      limit: query.limit,
      total: pageTotal(page.results, rows.length),
      cursor: page.cursor,
      results: page.results.map(balanceChangeItem),
    });
  },
};
