import { normalizeHex } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_address_transaction_events: OperationHandler<
  'get_address_transaction_events',
  'limit' | 'offset'
> = {
  defaulted: ['limit', 'offset'],
  answer: ({ world, path, query }) => {
    const page = world.addressTxEvents(path.address, normalizeHex(path.tx_id), {
      limit: query.limit,
      offset: query.offset,
    });
    return page ? ok(page) : notFound('Transaction not found');
  },
};
