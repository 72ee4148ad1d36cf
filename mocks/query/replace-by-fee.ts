import { feePayer, type Chain } from '../world/tables/chain.ts';
import { Status } from '../world/tables/kinds.ts';
import type { TxTable } from '../world/tables/tx-table.ts';

/** The nonce of the account that pays the fee: the sponsor's own nonce on a sponsored transaction. */
function payerNonce(table: TxTable, tx: number): number {
  return table.sponsor.at(tx) >= 0 ? table.sponsorNonce.at(tx) : (table.nonce[tx] as number);
}

function payerKey(table: TxTable, tx: number): string {
  return `${feePayer(table, tx)}:${payerNonce(table, tx)}`;
}

/**
 * The pending transaction a new one of `sender` at `nonce`, paid by `payer` at `payerNonce`, would
 * replace: the one holding the same slot, as a node's mempool looks it up; -1 if none.
 */
export function pendingInSlot(
  chain: Chain,
  slot: { sender: number; nonce: number; payer: number; payerNonce: number },
): number {
  const m = chain.mempool;
  for (let tx = 0; tx < m.count; tx++)
    if (
      m.status[tx] === Status.Pending &&
      m.sender[tx] === slot.sender &&
      m.nonce[tx] === slot.nonce &&
      feePayer(m, tx) === slot.payer &&
      payerNonce(m, tx) === slot.payerNonce
    )
      return tx;
  return -1;
}

/**
 * Replace-by-fee as a release that does it sees the mempool: pending transactions of the same fee
 * payer and payer nonce are one slot. A mined transaction in that slot wins (the latest mined,
 * should there be several); else the highest fee, then the latest received. Every other pending
 * transaction of the slot is replaced, and so is one the node already dropped for a higher fee (a
 * broadcast that replaced it): by mempool row, the id of the winner. The payer is the sponsor,
 * with its `sponsor_nonce`, on a sponsored transaction (v9.0.2 pairs the sponsor with the
 * sender's nonce, a defect this does not copy).
 */
export function replacements(chain: Chain): Map<number, string> {
  const m = chain.mempool;
  const slots = new Map<string, { pending: number[]; dropped: number[] }>();
  for (let tx = 0; tx < m.count; tx++) {
    const status = m.status[tx];
    if (status !== Status.Pending && status !== Status.DroppedReplaceByFee) continue;
    const key = payerKey(m, tx);
    let slot = slots.get(key);
    if (!slot) slots.set(key, (slot = { pending: [], dropped: [] }));
    (status === Status.Pending ? slot.pending : slot.dropped).push(tx);
  }
  const replaced = new Map<number, string>();
  if (slots.size === 0) return replaced;
  // Chain order: a later row is mined later, so the last match is the latest mined.
  const mined = new Map<string, number>();
  const t = chain.txs;
  for (let tx = 0; tx < t.count; tx++) {
    const key = payerKey(t, tx);
    if (slots.has(key)) mined.set(key, tx);
  }
  for (const [key, { pending, dropped }] of slots) {
    const minedRow = mined.get(key);
    if (minedRow === undefined && pending.length + dropped.length < 2) continue;
    const winner =
      minedRow !== undefined
        ? t.idHex(minedRow)
        : pending.length > 0
          ? m.idHex(highestFee(chain, pending))
          : undefined;
    if (winner === undefined) continue;
    for (const row of [...pending, ...dropped]) if (m.idHex(row) !== winner) replaced.set(row, winner);
  }
  return replaced;
}

/** The row with the highest fee; of equal fees, the latest received, then the later row. */
function highestFee(chain: Chain, rows: readonly number[]): number {
  const m = chain.mempool;
  let best = rows[0] as number;
  for (const row of rows) {
    const fee = m.fee.at(row) - m.fee.at(best);
    const later = (chain.receiptTime[row] as number) - (chain.receiptTime[best] as number);
    if (fee > 0 || (fee === 0 && later >= 0)) best = row;
  }
  return best;
}
