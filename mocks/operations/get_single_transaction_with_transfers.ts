import { normalizeHex } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_single_transaction_with_transfers: OperationHandler<'get_single_transaction_with_transfers'> =
  {
    defaulted: [],
    answer: ({ world, path }) => {
      const item = world.txWithTransfers(path.principal, normalizeHex(path.tx_id));
      return item ? ok(item) : notFound('No matching transaction found');
    },
  };
