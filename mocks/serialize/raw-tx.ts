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

/** The byte size of row `tx`'s serialization, as the real service measures the bytes it received. */
export function txByteSize(chain: Chain, table: TxTable, tx: number): number {
  return (rawTxOf(chain, table, tx).hex.length - 2) / 2;
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
  let bytes: Uint8Array;
  try {
    bytes = txWireBytes(txWireInputOf(chain, table, tx));
  } catch (error) {
    if (error instanceof WireError) throw new StreamError(`transaction ${table.idHex(tx)}: ${error.message}`);
    throw error;
  }
  return { hex: toHex(bytes), txid: toHex(txHash(bytes)) };
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
