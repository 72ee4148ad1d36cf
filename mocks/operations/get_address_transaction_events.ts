import { listingOf, offsetPage } from '../query/paging.ts';
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
    const page = offsetPage(listingOf(transfers), query);
    return ok({ ...page, results: page.results.map((t) => addressTxEvent(queries.chain, t)) });
  },
};
