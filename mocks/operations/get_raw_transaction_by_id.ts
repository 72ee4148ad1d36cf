import { rawTxOf } from '../serialize/raw-tx.ts';
import { normalizeHex } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

/**
 * A transaction's bytes, the ones its id hashes: mined (the microblock stream's too) or in the
 * mempool, pending or dropped, as the real service reads its `raw_tx` from either table.
 */
export const get_raw_transaction_by_id: OperationHandler<
  'get_raw_transaction_by_id',
  'event_limit' | 'event_offset'
> = {
  defaulted: ['event_limit', 'event_offset'],
  answer: ({ queries, path }) => {
    const found = queries.findListedTx(normalizeHex(path.tx_id), true);
    if (!found) return notFound('could not find raw transaction by ID');
    const table = found.table === 'mempool' ? queries.chain.mempool : queries.chain.txs;
    return ok({ raw_tx: rawTxOf(queries.chain, table, found.tx).hex });
  },
};
