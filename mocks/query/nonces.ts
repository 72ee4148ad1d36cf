import type { AddressIndex } from './address-index.ts';
import { tipHeight, type Chain } from '../world/tables/chain.ts';
import { Status } from '../world/tables/kinds.ts';

/** The nonces a principal has used, as sender or sponsor. */
export interface NonceFacts {
  /** Highest nonce of its mined transactions, unanchored ones included; null when none. */
  readonly lastExecuted: number | null;
  /** The same, anchored blocks only: what a stacks-node's account state has seen. */
  readonly lastAnchored: number | null;
  /** Highest nonce of its pending transactions (dropped ones left out); null when none. */
  readonly lastMempool: number | null;
  /** The nonces of its pending transactions. */
  readonly mempool: readonly number[];
}

/**
 * A principal's nonces read as the real service reads its tables: the highest nonce it signed
 * as sender and the highest it signed as sponsor, the higher of the two; mined from the address
 * index, pending from the mempool (`principal` -1: the world has never seen it). `atHeight`: as
 * of the end of that block, its mined transactions only.
 */
export function nonceFacts(
  chain: Chain,
  index: AddressIndex,
  principal: number,
  atHeight?: number,
): NonceFacts {
  let lastExecuted: number | null = null;
  let lastAnchored: number | null = null;
  if (principal >= 0) {
    const t = chain.txs;
    for (const tx of index.slice(principal, 0, atHeight ?? tipHeight(chain) + 1)) {
      const nonce = signedNonce(t, tx, principal);
      if (nonce === undefined) continue;
      lastExecuted = Math.max(lastExecuted ?? 0, nonce);
      if (tx < chain.anchoredCount) lastAnchored = Math.max(lastAnchored ?? 0, nonce);
    }
  }
  const mempool: number[] = [];
  const m = chain.mempool;
  if (principal >= 0 && atHeight === undefined)
    for (let row = 0; row < m.count; row++) {
      if (m.status[row] !== Status.Pending) continue;
      const nonce = signedNonce(m, row, principal);
      if (nonce !== undefined) mempool.push(nonce);
    }
  return {
    lastExecuted,
    lastAnchored,
    lastMempool: mempool.length > 0 ? Math.max(...mempool) : null,
    mempool,
  };
}

/** The nonce `principal` signed row `row` with: as its sender, else as its sponsor. */
function signedNonce(table: Chain['txs'], row: number, principal: number): number | undefined {
  if (table.sender[row] === principal) return table.nonce[row] as number;
  if (table.sponsor.at(row) === principal) return table.sponsorNonce.at(row);
  return undefined;
}
