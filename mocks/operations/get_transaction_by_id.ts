import { confirmedTx, pendingTx } from '../serialize/transaction.ts';
import { normalizeHex } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

/** One transaction in the form `tx/multiple` gives it: pending (or dropped) from the mempool, else confirmed. */
export const get_transaction_by_id: OperationHandler<
  'get_transaction_by_id',
  'event_limit' | 'event_offset' | 'unanchored'
> = {
  defaulted: ['event_limit', 'event_offset', 'unanchored'],
  answer: ({ queries, path, query }) => {
    const found = queries.findListedTx(normalizeHex(path.tx_id), query.unanchored);
    if (!found) return notFound('could not find transaction by ID');
    return ok(
      found.table === 'mempool'
        ? pendingTx(queries.chain, found.tx)
        : confirmedTx(queries.chain, found.tx, { limit: query.event_limit, offset: query.event_offset }),
    );
  },
};
