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
  answer: ({ world, query }) => {
    const written = query.tx_id;
    const looked = world.txListDetails(written.map(normalizeHex), {
      eventLimit: query.event_limit,
      eventOffset: query.event_offset,
      unanchored: query.unanchored,
    });
    const entries: Record<string, TxListEntry> = {};
    for (const id of written) {
      const key = normalizeHex(id);
      const entry = looked[key];
      if (entry?.found) entries[key] = entry;
    }
    for (const id of written) {
      if (!entries[id]?.found) entries[id] = { found: false, result: { tx_id: id } };
    }
    return Object.values(entries).some((e) => e.found) ? ok(entries) : notFound('Transaction not found');
  },
};
