import { blockRefOf } from './block-ref.ts';
import { transactionSummary } from '../serialize/principal-summaries.ts';
import { summaryPage } from './transaction-summaries.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

/** Release 9's successor of the v2 block transactions: summaries, newest first, by cursor. */
export const get_block_transactions: OperationHandler<'get_block_transactions', 'limit'> = {
  defaulted: ['limit'],
  answer: ({ queries, path, query }) => {
    const height = queries.blockHeight(blockRefOf(path.height_or_hash));
    if (height === undefined) return notFound('Block not found');
    const inOrder = queries.explorer.blockTxs(height);
    const newestFirst = {
      total: inOrder.total,
      at: (position: number) => inOrder.at(inOrder.total - 1 - position),
    };
    // The block's count, even on an empty page (the real service reads its `tx_count`).
    return ok({
      ...summaryPage(queries, newestFirst, query, (tx) => transactionSummary(queries.chain, tx)),
      total: inOrder.total,
    });
  },
};
