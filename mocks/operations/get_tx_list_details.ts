import { normalizeHex } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_tx_list_details: OperationHandler<
  'get_tx_list_details',
  'event_limit' | 'event_offset' | 'unanchored'
> = {
  defaulted: ['event_limit', 'event_offset', 'unanchored'],
  answer: ({ world, query }) => {
    // The world collapses duplicates, including ids that differ only in case or `0x`.
    const entries = world.txListDetails(query.tx_id.map(normalizeHex), {
      eventLimit: query.event_limit,
      eventOffset: query.event_offset,
      unanchored: query.unanchored,
    });
    return Object.values(entries).some((e) => e.found) ? ok(entries) : notFound('Transaction not found');
  },
};
