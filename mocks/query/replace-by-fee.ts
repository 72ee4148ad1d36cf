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
 * Replace-by-fee as a release that does it sees the mempool: pending transactions of the same fee
 * payer and payer nonce are one slot. A mined transaction in that slot wins (the latest mined,
 * should there be several); else the highest fee, then the latest received. Every other pending
 * transaction of the slot is replaced: by mempool row, the id of the winner. The payer is the
 * sponsor, with its `sponsor_nonce`, on a sponsored transaction (v9.0.2 pairs the sponsor with the
 * sender's nonce, a defect this does not copy).
 */
export function replacements(chain: Chain): Map<number, string> {
  const m = chain.mempool;
  const slots = new Map<string, number[]>();
  for (let tx = 0; tx < m.count; tx++) {
    if (m.status[tx] !== Status.Pending) continue;
    const key = payerKey(m, tx);
    const slot = slots.get(key);
    if (slot) slot.push(tx);
    else slots.set(key, [tx]);
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
  for (const [key, rows] of slots) {
    const minedRow = mined.get(key);
    if (minedRow === undefined && rows.length < 2) continue;
    const winner = minedRow !== undefined ? t.idHex(minedRow) : m.idHex(highestFee(chain, rows));
    for (const row of rows) if (m.idHex(row) !== winner) replaced.set(row, winner);
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
