import { toHex } from '../world/hex.ts';
import { WireError } from './byte-writer.ts';
import { txHash } from './node/tx-hash.ts';
import { payloadOf } from './payload.ts';
import { postConditionsOf } from './post-conditions.ts';
import { txWireBytes, type TxWireInput } from './tx-wire.ts';
import { clarityTxOf, type Chain } from '../world/tables/chain.ts';
import { anchorModeOf, postConditionModeOf } from '../world/tables/tx-flags.ts';
import type { TxTable } from '../world/tables/tx-table.ts';

/** The stream cannot say what the world holds: names what, and which transaction. */
export class StreamError extends Error {}

/** A transaction in the wire form a stacks-node relays, and the id a node gives those bytes. */
export interface RawTx {
  readonly hex: string;
  /** sha512/256 of the bytes: the id the real service gives a mempool transaction. */
  readonly txid: string;
}

const ANCHOR_MODES = [1, 1, 2, 3] as const;

/**
 * The byte size of row `tx`'s serialization, as the real service measures the bytes it received:
 * the mempool's list and stats ask it of every pending row, so the bytes are neither hashed nor
 * written out as hex.
 */
export function txByteSize(chain: Chain, table: TxTable, tx: number): number {
  const signed = clarityTxOf(chain, table, tx);
  if (signed?.raw) return (signed.raw.length - 2) / 2;
  return generatedBytes(chain, table, tx).length;
}

/**
 * Row `tx` of `table` (the mined transactions or the mempool) serialized as a stacks-node would
 * relay it, from the same payload and post-conditions the mock serves, so that the real service
 * decodes the same nonce, fee, sender, sponsor, payload and post-conditions. Signatures are empty:
 * the real service does not verify them.
 */
export function rawTxOf(chain: Chain, table: TxTable, tx: number): RawTx {
  // A transaction only the engine runs is served as broadcast: its id is the hash of these bytes.
  const signed = clarityTxOf(chain, table, tx);
  if (signed?.raw) return { hex: signed.raw, txid: table.idHex(tx) };
  const bytes = generatedBytes(chain, table, tx);
  return { hex: toHex(bytes), txid: toHex(txHash(bytes)) };
}

/** The wire bytes of a row the world generated (not one broadcast to the engine). */
function generatedBytes(chain: Chain, table: TxTable, tx: number): Uint8Array {
  try {
    return txWireBytes(txWireInputOf(chain, table, tx));
  } catch (error) {
    if (error instanceof WireError) throw new StreamError(`transaction ${table.idHex(tx)}: ${error.message}`);
    throw error;
  }
}

/** What row `tx`'s wire bytes say: its auth, modes, post-conditions and payload as the mock serves them. */
export function txWireInputOf(chain: Chain, table: TxTable, tx: number): TxWireInput {
  const sponsor = table.sponsor.at(tx);
  const fee = table.fee.at(tx);
  const origin = {
    address: chain.principals.name(table.sender[tx] as number),
    nonce: table.nonce[tx] as number,
    fee,
  };
  return {
    mainnet: chain.net.name === 'mainnet',
    origin,
    ...(sponsor >= 0 && {
      sponsor: { address: chain.principals.name(sponsor), nonce: table.sponsorNonce.at(tx), fee },
    }),
    anchorMode: ANCHOR_MODES[anchorModeOf(table, tx)] as 1 | 2 | 3,
    postConditionMode: postConditionModeOf(table, tx),
    postConditions: postConditionsOf(chain, table, tx),
    payload: payloadOf(chain, table, tx),
  };
}
