import { normalizeHex } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_address_transaction_events: OperationHandler = ({ world, path, query }) => {
  const page = world.addressTxEvents(String(path.address), normalizeHex(String(path.tx_id)), {
    limit: query.limit as number,
    offset: query.offset as number,
  });
  return page ? ok(page) : notFound('Transaction not found');
};
