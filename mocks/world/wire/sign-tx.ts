import { AuthType, deserializeTransaction, TransactionSigner } from '@stacks/transactions';
import { WireError } from './byte-writer.ts';
import { toHex } from '../hex.ts';
import { LruCache } from '../lru-cache.ts';
import { txHash } from './node/tx-hash.ts';

/** The keys that sign a transaction: its origin's, and its sponsor's when the world holds that too. */
export interface SigningKeys {
  readonly origin: string;
  readonly sponsor?: string;
}

/** Signed transactions kept, the least recently used dropped first: a world's keyed rows many times over. */
const KEPT = 4096;
const signed = new LruCache<string, Uint8Array>(KEPT);

/**
 * `unsigned` (bytes with empty signatures, as tx-wire.ts writes them) signed as a wallet signs it,
 * by stacks.js: the origin over the initial sighash, then a sponsor over the origin's. stacks.js
 * signs by RFC 6979, so the same bytes and keys give the same signature on every run; each is
 * made once (about 1.4 ms) and kept, since a row's bytes are asked again for its raw form and size.
 */
export function signedTx(unsigned: Uint8Array, keys: SigningKeys): Uint8Array {
  const key = `${toHex(txHash(unsigned))}:${keys.origin}:${keys.sponsor ?? ''}`;
  let bytes = signed.get(key);
  if (!bytes) {
    bytes = sign(unsigned, keys);
    signed.set(key, bytes);
  }
  return bytes.slice();
}

function sign(unsigned: Uint8Array, keys: SigningKeys): Uint8Array {
  try {
    const tx = deserializeTransaction(unsigned);
    const signer = new TransactionSigner(tx);
    signer.signOrigin(keys.origin);
    if (keys.sponsor && tx.auth.authType === AuthType.Sponsored) signer.signSponsor(keys.sponsor);
    return tx.serializeBytes();
  } catch (error) {
    throw new WireError(`stacks.js cannot sign it: ${(error as Error).message}`);
  }
}
