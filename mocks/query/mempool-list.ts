import { contractAt, type Chain } from '../world/tables/chain.ts';
import { Action, Status, txTypeOf } from '../world/tables/kinds.ts';

/** Which pending transactions the mempool list keeps: by principal (index), as the real service filters them. */
export type MempoolFilter = { address: number } | { sender?: number; recipient?: number };

/** What the list sorts by, and the measure of a row for it. */
export interface MempoolOrder {
  by: 'age' | 'size' | 'fee';
  order: 'asc' | 'desc';
  /** A row's serialized byte size; read only when sorting by size. */
  sizeOf(tx: number): number;
}

/**
 * The pending transactions of the mempool (rows), the ones `replaced` by fee left out, as the
 * real service lists them: filtered, sorted by receipt time (`age`), fee rate or byte size, then
 * by id. A filter naming a principal the chain never saw
 * (-1) keeps nothing.
 */
export function mempoolList(
  chain: Chain,
  filter: MempoolFilter,
  order: MempoolOrder,
  replaced?: ReadonlyMap<number, string>,
): number[] {
  const m = chain.mempool;
  const rows: number[] = [];
  for (let tx = 0; tx < m.count; tx++) {
    if (m.status[tx] !== Status.Pending || replaced?.has(tx)) continue;
    if (keeps(chain, tx, filter)) rows.push(tx);
  }
  const key = sortKey(chain, order);
  const sign = order.order === 'asc' ? 1 : -1;
  const keys = new Map(rows.map((tx) => [tx, key(tx)]));
  const id = (tx: number): string => chain.mempool.idHex(tx);
  return rows.sort(
    (a, b) => sign * ((keys.get(a) as number) - (keys.get(b) as number) || compareIds(id(a), id(b))),
  );
}

/** Equal keys in the order of their ids, as v3's list breaks its ties (v1's leaves them to the database). */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortKey(chain: Chain, order: MempoolOrder): (tx: number) => number {
  switch (order.by) {
    case 'fee':
      return (tx) => chain.mempool.fee.at(tx);
    case 'size':
      return order.sizeOf;
    case 'age':
      return (tx) => chain.receiptTime[tx] as number;
  }
}

/** The transfer's recipient; -1 for any other kind (`token_transfer_recipient_address` is null). */
function recipientOf(chain: Chain, tx: number): number {
  const m = chain.mempool;
  return m.action[tx] === Action.StxTransfer ? (m.peer[tx] as number) : -1;
}

/** The contract a deploy or a call names, as a principal; -1 for a transfer. */
function contractOf(chain: Chain, tx: number): number {
  const m = chain.mempool;
  const type = txTypeOf(m.action[tx] as Action);
  if (type !== 'smart_contract' && type !== 'contract_call') return -1;
  return contractAt(chain, m.contract[tx] as number).principal;
}

function keeps(chain: Chain, tx: number, filter: MempoolFilter): boolean {
  const sender = chain.mempool.sender[tx] as number;
  if ('address' in filter) {
    const p = filter.address;
    return p >= 0 && (sender === p || recipientOf(chain, tx) === p || contractOf(chain, tx) === p);
  }
  if (filter.sender !== undefined && sender !== filter.sender) return false;
  const { recipient } = filter;
  return recipient === undefined || (recipient >= 0 && recipientOf(chain, tx) === recipient);
}
