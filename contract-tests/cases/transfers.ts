import type { EventKind } from '../targets/target-file.ts';

/** One transfer as both operations can say it: kind, amount or value, asset, parties. */
export interface Transfer {
  kind: EventKind;
  amount?: string;
  asset_identifier?: string;
  value?: unknown;
  sender?: string;
  recipient?: string;
}

interface EventData {
  amount?: string;
  asset_identifier?: string;
  value?: unknown;
  sender?: string;
  recipient?: string;
}

function pick(kind: EventKind, d: EventData): Transfer {
  return {
    kind,
    ...(d.amount !== undefined ? { amount: d.amount } : {}),
    ...(d.asset_identifier !== undefined ? { asset_identifier: d.asset_identifier } : {}),
    ...(d.value !== undefined ? { value: d.value } : {}),
    // The transfer arrays say a missing party as "", the events leave it out: the same fact.
    ...(d.sender ? { sender: d.sender } : {}),
    ...(d.recipient ? { recipient: d.recipient } : {}),
  };
}

/** The events of `get_address_transaction_events` (ascending by event index) as transfers. */
export function fromEvents(events: Array<{ type?: EventKind; data?: EventData }>): Transfer[] {
  return events.map((e) => pick(e.type ?? 'stx', e.data ?? {}));
}

/**
 * The transfers of a transaction-with-transfers item, turned to ascending event order (the spec
 * lists them by event index descending) and grouped like the events: kinds whose array the item
 * does not carry are reported in `absent`.
 */
export function fromTransferItem(item: Record<string, unknown>): {
  transfers: Transfer[];
  absent: EventKind[];
} {
  const absent: EventKind[] = [];
  const transfers: Transfer[] = [];
  for (const kind of ['stx', 'ft', 'nft'] as const) {
    const list = item[`${kind}_transfers`];
    if (!Array.isArray(list)) absent.push(kind);
    else transfers.push(...[...(list as EventData[])].reverse().map((d) => pick(kind, d)));
  }
  return { transfers, absent };
}

/** Transfers of one kind, in order, as comparable text. */
export function ofKind(transfers: Transfer[], kind: EventKind): string[] {
  return transfers.filter((t) => t.kind === kind).map((t) => JSON.stringify(t));
}
