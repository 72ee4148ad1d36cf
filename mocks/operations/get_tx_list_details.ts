import { normalizeHex } from './normalize.ts';
import { notFound, ok, type OperationHandler } from './types.ts';

export const get_tx_list_details: OperationHandler = ({ world, query }) => {
  // The world collapses duplicates, including ids that differ only in case or `0x`.
  const entries = world.txListDetails((query.tx_id as string[]).map(normalizeHex), {
    eventLimit: query.event_limit as number,
    eventOffset: query.event_offset as number,
    unanchored: query.unanchored as boolean,
  });
  return Object.values(entries).some((e) => e.found) ? ok(entries) : notFound('Transaction not found');
};
