import { singleTxWithTransfers } from '../serialize/transfers.ts';
import { normalizeHex } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_single_transaction_with_transfers: OperationHandler<'get_single_transaction_with_transfers'> =
  {
    defaulted: [],
    answer: ({ queries, path }) => {
      const found = queries.txTransfers(path.principal, normalizeHex(path.tx_id));
      if (!found) return notFound('No matching transaction found');
      return ok(singleTxWithTransfers(queries.chain, found.tx, found.transfers));
    },
  };
