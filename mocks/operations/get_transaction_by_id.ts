import { confirmedTx, pendingTx } from '../serialize/transaction.ts';
import { normalizeHex } from './normalize.ts';
import { withoutFunctionArgs } from './get_tx_list_details.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

/**
 * One transaction in the form `tx/multiple` gives it: pending (or dropped, with what replaced it
 * by fee where the release says so) from the mempool, else confirmed.
 */
export const get_transaction_by_id: OperationHandler<
  'get_transaction_by_id',
  'event_limit' | 'event_offset' | 'unanchored'
> = {
  // exclude_function_args is v9's (x-since): a release before it has no such parameter, so no default.
  defaulted: ['event_limit', 'event_offset', 'unanchored'],
  answer: ({ queries, release, path, query }) => {
    const found = queries.findListedTx(normalizeHex(path.tx_id), query.unanchored);
    if (!found) return notFound('could not find transaction by ID');
    const replacedBy = (tx: number): string | null | undefined =>
      release.replacedByTxId
        ? ((release.replaceByFee ? queries.replacedByFee().get(tx) : undefined) ?? null)
        : undefined;
    const tx =
      found.table === 'mempool'
        ? pendingTx(queries.chain, found.tx, replacedBy(found.tx))
        : confirmedTx(queries.chain, found.tx, { limit: query.event_limit, offset: query.event_offset });
    return ok(withoutFunctionArgs(tx, query.exclude_function_args));
  },
};
