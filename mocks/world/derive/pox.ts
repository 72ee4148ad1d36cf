import { privateKeyToPublic } from '@stacks/transactions';
import type { TxTable } from '../tables/tx-table.ts';
import { derivedHex } from './derived-bytes.ts';
import { LruCache } from '../lru-cache.ts';
import { remembered, REMEMBERED } from './signer-signature.ts';

/** Burn height at which STX locked at `burnHeight` for `lockPeriod` reward cycles unlock. */
export function unlockBurnHeight(burnHeight: number, lockPeriod: number, cycleLength: number): number {
  const cycleStart = burnHeight - (burnHeight % cycleLength);
  return cycleStart + (lockPeriod + 1) * cycleLength;
}

/** A lock holds while the burn chain has not passed its unlock height (the real service uses >=). */
export function lockActive(unlockHeight: number, burnHeight: number): boolean {
  return unlockHeight >= burnHeight;
}

/** The reward cycle a burn height is in, as `unlockBurnHeight` counts cycles. */
export function cycleOf(burnHeight: number, cycleLength: number): number {
  return Math.floor(burnHeight / cycleLength);
}

/**
 * The private key of the signer a stack-stx transaction names, compressed (the `01` suffix
 * stacks.js reads): seeded, a pure function of the transaction's id, like every byte the world
 * derives for it. 32 random bytes are a valid secp256k1 key but with odds of 2^-127.
 */
export function signerPrivateKeyOf(table: TxTable, tx: number): string {
  return `${derivedHex(table, tx, 2, 32).slice(2)}01`;
}

const signerKeys = new LruCache<string, string>(REMEMBERED);

/** The signer key a stack-stx transaction names (its `signer-key` argument): the public key of its signer's private key. */
export function signerKeyOf(table: TxTable, tx: number): string {
  const privateKey = signerPrivateKeyOf(table, tx);
  return remembered(signerKeys, privateKey, () => `0x${privateKeyToPublic(privateKey) as string}`);
}

/** `publicKey` (hex, compressed), made elsewhere (stacks.js on another thread), as `privateKey`'s signer key. */
export function rememberSignerKey(privateKey: string, publicKey: string): void {
  remembered(signerKeys, privateKey, () => `0x${publicKey}`);
}
