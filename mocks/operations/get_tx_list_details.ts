import { confirmedTx, pendingTx } from '../serialize/transaction.ts';
import type { TxListEntry } from '../serialize/types.ts';
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
  answer: ({ queries, query }) => {
    const entries: Record<string, TxListEntry> = {};
    const page = { limit: query.event_limit, offset: query.event_offset };
    for (const written of query.tx_id) {
      const key = normalizeHex(written);
      if (key in entries) continue;
      const found = queries.findListedTx(key, query.unanchored);
      if (found?.table === 'mempool')
        entries[key] = { found: true, result: pendingTx(queries.chain, found.tx) };
      else if (found) entries[key] = { found: true, result: confirmedTx(queries.chain, found.tx, page) };
    }
    for (const written of query.tx_id) {
      if (!entries[written]?.found) entries[written] = { found: false, result: { tx_id: written } };
    }
    return Object.values(entries).some((e) => e.found) ? ok(entries) : notFound('Transaction not found');
  },
};
