import { contractAt, type Chain } from '../world/tables/chain.ts';
import { eventsOf, type ChainEvent } from '../world/derive/events.ts';
import { assetMovement, EventKind } from '../world/tables/kinds.ts';

export type EventType =
  'smart_contract_log' | 'stx_lock' | 'stx_asset' | 'fungible_token_asset' | 'non_fungible_token_asset';

/** One event of a mined transaction, with its index among the transaction's events. */
export interface EventRow {
  readonly tx: number;
  readonly index: number;
  readonly event: ChainEvent;
}

/** The `event_type` an event is served as. */
export function eventTypeOf(kind: EventKind): EventType {
  const movement = assetMovement(kind);
  if (movement?.asset === 'stx') return 'stx_asset';
  if (movement?.asset === 'ft') return 'fungible_token_asset';
  if (movement?.asset === 'nft') return 'non_fungible_token_asset';
  return kind === EventKind.StxLock ? 'stx_lock' : 'smart_contract_log';
}

/** A mined transaction's events of the kept types, the last first. */
export function txEvents(chain: Chain, tx: number, types: ReadonlySet<EventType>): EventRow[] {
  const rows = eventsOf(chain, tx).map((event, index) => ({ tx, index, event }));
  return rows.filter((r) => types.has(eventTypeOf(r.event.kind))).reverse();
}

/**
 * The events of every mined transaction (the unanchored ones too) that concern the principal, the
 * latest first: an asset it sent or received, a lock of its STX, a log its contract printed.
 */
export function principalEvents(chain: Chain, principal: string, types: ReadonlySet<EventType>): EventRow[] {
  const p = chain.principals.find(principal);
  if (p < 0) return [];
  const concerns = (e: ChainEvent): boolean =>
    eventTypeOf(e.kind) === 'smart_contract_log'
      ? e.contract >= 0 && contractAt(chain, e.contract).id === principal
      : e.sender === p || e.recipient === p;
  const rows: EventRow[] = [];
  for (let tx = chain.txs.count - 1; tx >= 0; tx--)
    for (const row of txEvents(chain, tx, types)) if (concerns(row.event)) rows.push(row);
  return rows;
}
