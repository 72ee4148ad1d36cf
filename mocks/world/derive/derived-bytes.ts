import { toHex } from '../hex.ts';
import { Rng } from '../rng.ts';
import type { TxTable } from '../tables/tx-table.ts';

/**
 * `length` bytes of payload data (microblock headers, VRF proofs, consensus hashes) that a
 * transaction carries but the world does not store: a pure function of the transaction's seed
 * (`TxTable.seedWord`), not of its id, which is the hash of bytes these feed.
 */
export function derivedHex(table: TxTable, tx: number, salt: number, length: number): string {
  return toHex(derivedBytes(table, tx, salt, length));
}

/** The same bytes as `derivedHex`, unencoded. */
export function derivedBytes(table: TxTable, tx: number, salt: number, length: number): Uint8Array {
  const seed = table.seedWord(tx, 0) ^ Math.imul(salt + 1, 0x9e3779b1);
  return new Rng(seed).bytes(length);
}
