import { offsetPage } from '../query/paging.ts';
import { confirmedTx } from '../serialize/transaction.ts';
import { blockRefOf } from './block-ref.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

/** A block's transactions in block order, without their events; `total` is its `tx_count`. */
export const get_transactions_by_block: OperationHandler<'get_transactions_by_block', 'limit' | 'offset'> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, path, query }) => {
    const height = queries.blockHeight(blockRefOf(path.height_or_hash));
    if (height === undefined) return notFound('Block not found');
    const page = offsetPage(queries.explorer.blockTxs(height), query);
    return ok({ ...page, results: page.results.map((tx) => confirmedTx(queries.chain, tx, 'none')) });
  },
};
