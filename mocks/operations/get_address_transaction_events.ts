import { addressTxEvent } from '../serialize/events.ts';
import { normalizeHex } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_address_transaction_events: OperationHandler<
  'get_address_transaction_events',
  'limit' | 'offset'
> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, path, query }) => {
    const transfers = queries.addressTransfers(path.address, normalizeHex(path.tx_id));
    if (!transfers) return notFound('Transaction not found');
    return ok({
      limit: query.limit,
      offset: query.offset,
      total: transfers.length,
      results: transfers
        .slice(query.offset, query.offset + query.limit)
        .map((t) => addressTxEvent(queries.chain, t)),
    });
  },
};
