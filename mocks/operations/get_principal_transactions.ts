import { principalTransactionSummary } from '../serialize/principal-summaries.ts';
import { summaryPage } from './transaction-summaries.ts';
import { ok, type OperationHandler } from './types.ts';

export const get_principal_transactions: OperationHandler<'get_principal_transactions', 'limit'> = {
  defaulted: ['limit'],
  answer: ({ queries, path, query }) =>
    ok(
      summaryPage(queries, queries.principalTxs(path.principal), query, (tx) =>
        principalTransactionSummary(
          queries.chain,
          tx,
          path.principal,
          queries.txBalanceChanges(path.principal, tx),
        ),
      ),
    ),
};
