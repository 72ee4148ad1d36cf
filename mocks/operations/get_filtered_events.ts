import { isStacksPrincipal } from '../../spec/formats.ts';
import { principalEvents, txEvents, type EventType } from '../query/filtered-events.ts';
import { listingOf, offsetPage } from '../query/paging.ts';
import { transactionEvent } from '../serialize/events.ts';
import { normalizeHex } from './normalize.ts';
import { badRequest, ok, type OperationHandler } from './types.ts';

const EVERY_TYPE: readonly EventType[] = [
  'smart_contract_log',
  'stx_lock',
  'stx_asset',
  'fungible_token_asset',
  'non_fungible_token_asset',
];

/** One transaction's events, or one principal's across the chain, the latest first. */
export const get_filtered_events: OperationHandler<'get_filtered_events', 'limit' | 'offset'> = {
  defaulted: ['limit', 'offset'],
  answer: ({ queries, query }) => {
    const { tx_id: txId, address } = query;
    if (txId === undefined && address === undefined)
      return badRequest("can not find 'address' or 'tx_id' in the request");
    if (txId !== undefined && address !== undefined)
      return badRequest("can't handle both 'address' and 'tx_id' in the same request");
    if (address !== undefined && !isStacksPrincipal(address))
      return badRequest(`invalid STX address "${address}"`);
    const types = new Set<EventType>(query.type && query.type.length > 0 ? query.type : EVERY_TYPE);
    const { chain } = queries;
    const tx = txId === undefined ? undefined : queries.minedTx(normalizeHex(txId));
    const rows =
      address !== undefined
        ? principalEvents(chain, address, types)
        : tx === undefined
          ? []
          : txEvents(chain, tx, types);
    const page = offsetPage(listingOf(rows), query);
    return ok({
      limit: page.limit,
      offset: page.offset,
      events: page.results.map((r) => transactionEvent(chain, r.tx, r.event, r.index)),
    });
  },
};
