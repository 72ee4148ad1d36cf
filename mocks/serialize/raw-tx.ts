import { toHex } from '../world/hex.ts';
import { generatedBytes, signedRaw } from '../world/wire/tx-bytes.ts';
import { bytesHashedInto } from '../world/wire/tx-ids.ts';
import type { Chain } from '../world/tables/chain.ts';
import type { TxTable } from '../world/tables/tx-table.ts';

/** A transaction in the wire form a stacks-node relays, and the id a node gives those bytes. */
export interface RawTx {
  readonly hex: string;
  /** sha512/256 of the bytes: the row's id, given when the world was built (world/wire/tx-ids.ts). */
  readonly txid: string;
}

/**
 * The byte size of row `tx`'s serialization, as the real service measures the bytes it received:
 * the mempool's list and stats ask it of every pending row, so the bytes are not written out as hex.
 */
export function txByteSize(chain: Chain, table: TxTable, tx: number): number {
  const raw = signedRaw(chain, table, tx);
  if (raw) return (raw.length - 2) / 2;
  return generatedBytes(chain, table, tx).length;
}

/**
 * Row `tx` of `table` (the mined transactions or the mempool) serialized as a stacks-node would
 * relay it, from the same payload and post-conditions the mock serves, so that the real service
 * decodes the same nonce, fee, sender, sponsor, payload and post-conditions; a transaction a
 * wallet signed, as it was broadcast. Either way the id is the hash of these bytes.
 */
export function rawTxOf(chain: Chain, table: TxTable, tx: number): RawTx {
  const raw = signedRaw(chain, table, tx);
  // The id first: computing it writes the bytes, which are then not written again.
  const txid = table.idHex(tx);
  return { hex: raw ?? toHex(bytesHashedInto(txid) ?? generatedBytes(chain, table, tx)), txid };
}
