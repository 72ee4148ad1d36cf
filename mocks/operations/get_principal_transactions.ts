import { comparePositions, positionKey, txPosition } from '../query/principal-activity.ts';
import { principalTransactionSummary } from '../serialize/principal-summaries.ts';
import { cursorPage, firstWhere, pageTotal } from '../query/paging.ts';
import { txCursor } from './principal-cursors.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_principal_transactions: OperationHandler<'get_principal_transactions', 'limit'> = {
  defaulted: ['limit'],
  answer: ({ queries, path, query }) => {
    const chain = queries.chain;
    const rows = queries.principalTxs(path.principal);
    const at = (tx: number) => txPosition(chain, tx);
    const from =
      query.cursor === undefined
        ? undefined
        : txCursor(query.cursor, (p) => {
            const found = firstWhere(rows, (tx) => comparePositions(at(tx), p) <= 0);
            return found < rows.total && comparePositions(at(rows.at(found)), p) === 0;
          });
    const page = cursorPage(rows, {
      limit: query.limit,
      fromCursor: from && ((tx) => comparePositions(at(tx), from) <= 0),
      keyOf: (tx) => positionKey(at(tx)),
      previous: 'nearest',
    });
    return ok({
      limit: query.limit,
      total: pageTotal(page.results, rows.total),
      cursor: page.cursor,
      results: page.results.map((tx) =>
        principalTransactionSummary(chain, tx, path.principal, queries.txBalanceChanges(path.principal, tx)),
      ),
    });
  },
};
