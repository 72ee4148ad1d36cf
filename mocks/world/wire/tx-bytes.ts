import { WireError } from './byte-writer.ts';
import { heldKeys } from './held-keys.ts';
import { payloadOf } from './payload.ts';
import { postConditionsOf } from './post-conditions.ts';
import { signedTx } from './sign-tx.ts';
import { txWireBytes, type TxWireInput } from './tx-wire.ts';
import { clarityTxOf, type Chain } from '../tables/chain.ts';
import { anchorModeOf, postConditionModeOf } from '../tables/tx-flags.ts';
import type { TxTable } from '../tables/tx-table.ts';

/** The world holds something a transaction's bytes cannot say: names what, and which transaction. */
export class StreamError extends Error {}

const ANCHOR_MODES = [1, 1, 2, 3] as const;

/**
 * The wire bytes of row `tx` of `table`, one the world generated (not one broadcast to the
 * engine, whose bytes are kept as sent), in a fresh array: signed by its origin (and its sponsor)
 * where the world holds the key (held-keys.ts), else with empty signatures.
 */
export function generatedBytes(chain: Chain, table: TxTable, tx: number): Uint8Array {
  try {
    const input = txWireInputOf(chain, table, tx);
    const unsigned = txWireBytes(input);
    const keys = heldKeys(chain);
    if (keys.size === 0) return unsigned;
    const origin = keys.get(input.origin.address);
    // A sponsor signs over the origin's signature: without the origin's key, neither signs.
    if (!origin) return unsigned;
    const sponsor = input.sponsor && keys.get(input.sponsor.address);
    return signedTx(unsigned, { origin, ...(sponsor && { sponsor }) });
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

/** Whether row `tx`'s bytes are kept as a wallet signed them (its id was given: their hash). */
export function signedRaw(chain: Chain, table: TxTable, tx: number): string | undefined {
  return clarityTxOf(chain, table, tx)?.raw;
}
