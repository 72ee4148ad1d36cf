import { confirmedTx, pendingTx } from '../serialize/transaction.ts';
import type { ConfirmedTransaction, PendingTransaction, TxListEntry } from '../serialize/types.ts';
import { normalizeHex } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

/**
 * Keyed as the real service keys it: a found transaction under its lowercase `0x` id, and each
 * id as written that is not exactly a found key under itself, `found: false`. So an id asked in
 * upper case comes back twice.
 */
export const get_tx_list_details: OperationHandler<
  'get_tx_list_details',
  'event_limit' | 'event_offset' | 'unanchored'
> = {
  defaulted: ['event_limit', 'event_offset', 'unanchored'],
  answer: ({ queries, release, query }) => {
    const entries: Record<string, TxListEntry> = {};
    const page = { limit: query.event_limit, offset: query.event_offset };
    const replaced = release.replaceByFee ? queries.replacedByFee() : undefined;
    const replacedBy = (tx: number): string | null | undefined =>
      release.replacedByTxId ? (replaced?.get(tx) ?? null) : undefined;
    for (const written of query.tx_id) {
      const key = normalizeHex(written);
      if (key in entries) continue;
      const found = queries.findListedTx(key, query.unanchored);
      const result =
        found?.table === 'mempool'
          ? pendingTx(queries.chain, found.tx, replacedBy(found.tx))
          : found && confirmedTx(queries.chain, found.tx, page);
      if (result)
        entries[key] = { found: true, result: withoutFunctionArgs(result, query.exclude_function_args) };
    }
    for (const written of query.tx_id) {
      if (!entries[written]?.found) entries[written] = { found: false, result: { tx_id: written } };
    }
    return Object.values(entries).some((e) => e.found) ? ok(entries) : notFound('Transaction not found');
  },
};

/** `exclude_function_args=true` (v9): the contract call without its `function_args`. */
export function withoutFunctionArgs<T extends ConfirmedTransaction | PendingTransaction>(
  tx: T,
  exclude = false,
): T {
  if (!exclude || tx.tx_type !== 'contract_call') return tx;
  const { function_args: _, ...call } = tx.contract_call;
  return { ...tx, contract_call: call };
}
