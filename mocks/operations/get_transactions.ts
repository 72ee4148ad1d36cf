import { pageTotal } from '../query/paging.ts';
import { transactionSummary } from '../serialize/principal-summaries.ts';
import { summaryPage } from './transaction-summaries.ts';
import { ok, type OperationHandler } from './types.ts';

/**
 * Release 9's successor of the recent transactions: every mined transaction's summary, newest
 * first (the unanchored ones on top), by cursor. `total` is the chain tip's count, which the
 * real service keeps of anchored transactions only.
 */
export const get_transactions: OperationHandler<'get_transactions', 'limit'> = {
  defaulted: ['limit'],
  answer: ({ queries, query }) => {
    const { count } = queries.chain.txs;
    const page = summaryPage(queries, { total: count, at: (position) => count - 1 - position }, query, (tx) =>
      transactionSummary(queries.chain, tx),
    );
    return ok({ ...page, total: pageTotal(page.results, queries.chain.anchoredCount) });
  },
};
