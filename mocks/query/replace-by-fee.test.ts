import { describe, expect, it } from 'vitest';
import { feePayer, type Chain } from '../world/tables/chain.ts';
import { Status } from '../world/tables/kinds.ts';
import { Rng } from '../world/rng.ts';
import type { TxDraft } from '../world/tables/tx-table.ts';
import { mempoolSamples } from './mempool-stats.ts';
import { replacements } from './replace-by-fee.ts';
import { createWorldQueries } from './world-queries.ts';

/** A second pending transaction in mempool row `row`'s slot (same payer and payer nonce), with its own id. */
function competitor(chain: Chain, row: number, changes: Partial<TxDraft>): number {
  const m = chain.mempool;
  const added = m.push({ ...m.draftOf(row), ...changes });
  m.drawId(added, new Rng(added * 7919 + 1));
  (chain.receiptTime as number[]).push((chain.receiptTime[row] as number) + 1);
  return added;
}

function pendingRows(chain: Chain, sponsored: boolean): number[] {
  const m = chain.mempool;
  const rows: number[] = [];
  for (let tx = 0; tx < m.count; tx++)
    if (m.status[tx] === Status.Pending && m.sponsor.at(tx) >= 0 === sponsored) rows.push(tx);
  return rows;
}

describe('replace-by-fee in the mempool', () => {
  it('the default world has no two pending transactions of one payer and payer nonce', () => {
    for (const network of ['mainnet', 'testnet'] as const)
      expect(replacements(createWorldQueries({ network }).chain).size).toBe(0);
  });

  it('the higher fee wins; the loser names it and leaves the statistics', () => {
    const { chain } = createWorldQueries();
    const row = pendingRows(chain, false)[0] as number;
    const m = chain.mempool;
    const higher = competitor(chain, row, { fee: m.fee.at(row) + 1 });
    expect([...replacements(chain)]).toEqual([[row, m.idHex(higher)]]);
    const all = mempoolSamples(chain);
    const after = mempoolSamples(chain, replacements(chain));
    const count = (s: typeof all): number => Object.values(s).reduce((n, t) => n + t.rows.length, 0);
    expect(count(after)).toBe(count(all) - 1);
    expect(Object.values(after).some((t) => t.rows.includes(row))).toBe(false);
  });

  it('of equal fees, the latest received wins', () => {
    const { chain } = createWorldQueries();
    const row = pendingRows(chain, false)[0] as number;
    const later = competitor(chain, row, {});
    expect([...replacements(chain)]).toEqual([[row, chain.mempool.idHex(later)]]);
  });

  it('a mined transaction of the slot wins over any fee', () => {
    const { chain } = createWorldQueries();
    const t = chain.txs;
    const row = pendingRows(chain, false)[0] as number;
    const m = chain.mempool;
    // The last mined transaction its payer paid for, in the sender's own nonce.
    let mined = -1;
    for (let tx = 0; tx < t.count; tx++)
      if (t.sponsor.at(tx) < 0 && t.sender[tx] === feePayer(m, row)) mined = tx;
    expect(mined).toBeGreaterThanOrEqual(0);
    const stale = competitor(chain, row, { nonce: t.nonce[mined] as number, fee: 10 ** 9 });
    expect(replacements(chain).get(stale)).toBe(t.idHex(mined));
  });

  it("pairs a sponsored transaction's sponsor with its sponsor_nonce, not with the sender's nonce (v9.0.2's defect)", () => {
    const { chain } = createWorldQueries();
    const m = chain.mempool;
    const row = pendingRows(chain, true)[0] as number;
    expect(row).toBeDefined();
    // Same sponsor and sponsor nonce, another sender and nonce: one slot, so a replacement.
    const sameSlot = competitor(chain, row, {
      nonce: (m.nonce[row] as number) + 100,
      fee: m.fee.at(row) + 1,
    });
    expect(replacements(chain).get(row)).toBe(m.idHex(sameSlot));
    // The sender's nonce paired with the sponsor is another slot: nothing replaced by it.
    const { chain: fresh } = createWorldQueries();
    const f = fresh.mempool;
    competitor(fresh, row, {
      sponsor: -1,
      sender: f.sponsor.at(row),
      nonce: f.nonce[row] as number,
      fee: f.fee.at(row) + 1,
    });
    expect(replacements(fresh).has(row)).toBe(false);
  });
});
