import { sha512_256 } from '@noble/hashes/sha512';

/**
 * What the browser bundle holds in place of node/tx-hash.ts (msw/browser-bundle.ts swaps it in):
 * the same sha512/256 of a transaction's bytes, without node:crypto.
 */
export function txHash(bytes: Uint8Array): Uint8Array {
  return sha512_256(bytes);
}
