import { Status } from '../world/tables/kinds.ts';
import { v3MempoolTransaction, v3Transaction } from '../serialize/v3-transactions.ts';
import { normalizeHex } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

/**
 * v3's transaction by id: a mined one (unanchored ones too: v3 has no `unanchored` switch), else a
 * pending one. The real service reads only the mempool rows still pending, so a dropped one, or
 * one a release that replaces by fee has replaced, is not found.
 */
export const get_transaction: OperationHandler<'get_transaction'> = {
  defaulted: [],
  answer: ({ queries, release, path, query }) => {
    const include = query.include ?? [];
    const found = queries.findListedTx(normalizeHex(path.tx_id), true);
    if (found?.table === 'chain') return ok(v3Transaction(queries.chain, found.tx, include));
    const pending =
      found?.table === 'mempool' &&
      queries.chain.mempool.status[found.tx] === Status.Pending &&
      !(release.replaceByFee && queries.replacedByFee().has(found.tx));
    if (!found || !pending) return notFound('Transaction not found');
    return ok(v3MempoolTransaction(queries.chain, found.tx, include));
  },
};
