import type { TxTable } from '../tables/tx-table.ts';

/**
 * Each principal's nonces, two ways: the next one counting its pending transactions (what a new
 * transaction gets) and the next one on chain (mined transactions only). A pending transaction
 * whose nonce is below the chain's can never be mined.
 */
export class NonceBook {
  /** Each principal's next nonce, counting pending transactions. */
  pending: number[] = [];
  /** Each principal's next nonce on chain. */
  onChain: number[] = [];

  /** The principal's next nonce, taken: the one after it is next. */
  take(principal: number): number {
    const nonce = this.pending[principal] ?? 0;
    this.pending[principal] = nonce + 1;
    return nonce;
  }

  /** The principal's next nonce on chain. */
  minedNext(principal: number): number {
    return this.onChain[principal] ?? 0;
  }

  /** The principal's next nonce is `nonce` (one given back, or the first free one). */
  set(principal: number, nonce: number): void {
    this.pending[principal] = nonce;
  }

  /** The principal's next transaction takes its nonce on chain (a miner's coinbase, say). */
  followChain(principal: number): void {
    this.pending[principal] = this.minedNext(principal);
  }

  /** A transaction was mined: its sender's and sponsor's nonces on chain move past it. */
  mined(table: TxTable, row: number): void {
    raise(this.onChain, table, row);
  }

  /** Nonces only go up: a sender's next transaction comes after every one it has in flight. */
  inFlight(table: TxTable, row: number): void {
    raise(this.pending, table, row);
  }
}

function raise(nonces: number[], table: TxTable, row: number): void {
  const sender = table.sender[row] as number;
  nonces[sender] = Math.max(nonces[sender] ?? 0, (table.nonce[row] as number) + 1);
  const sponsor = table.sponsor.at(row);
  if (sponsor >= 0) nonces[sponsor] = Math.max(nonces[sponsor] ?? 0, table.sponsorNonce.at(row) + 1);
}
