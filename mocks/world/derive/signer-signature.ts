import { ChainId } from '@stacks/network';
import { Cl, signStructuredData, type ClarityValue } from '@stacks/transactions';
import type { Amount } from '../amount.ts';
import type { NetworkName } from '../tables/network.ts';
import { LruCache } from '../lru-cache.ts';

/** The chain a signature is bound to, as pox-4's `chain-id` reads it. */
export const CHAIN_IDS: Record<NetworkName, number> = { mainnet: ChainId.Mainnet, testnet: ChainId.Testnet };

/**
 * What a signer authorizes a stacker to do, as pox-4's `get-signer-key-message-hash` hashes it:
 * `topic` the function (`stack-stx`, `stack-extend`, …), `rewardCycle` the cycle the call runs
 * in, `period` its lock period in cycles.
 */
export interface SignerGrant {
  readonly poxAddress: ClarityValue;
  readonly rewardCycle: number;
  readonly topic: string;
  readonly period: number;
  readonly maxAmount: Amount;
  readonly authId: number;
  readonly chainId: number;
}

/** pox-4's SIP-018 domain for signer signatures. */
function domainOf(chainId: number): ClarityValue {
  return Cl.tuple({
    name: Cl.stringAscii('pox-4-signer'),
    version: Cl.stringAscii('1.0.0'),
    'chain-id': Cl.uint(chainId),
  });
}

/** The most results a cache of `remembered` keeps: a world's stackers, many times over. */
export const REMEMBERED = 10_000;
const signatures = new LruCache<string, string>(REMEMBERED);

/** The SIP-018 message and domain a signer signs for `grant`. */
export function grantData(grant: SignerGrant): { message: ClarityValue; domain: ClarityValue } {
  const message = Cl.tuple({
    'pox-addr': grant.poxAddress,
    'reward-cycle': Cl.uint(grant.rewardCycle),
    topic: Cl.stringAscii(grant.topic),
    period: Cl.uint(grant.period),
    'auth-id': Cl.uint(grant.authId),
    'max-amount': Cl.uint(grant.maxAmount),
  });
  return { message, domain: domainOf(grant.chainId) };
}

function signatureKey(privateKey: string, grant: SignerGrant): string {
  return `${privateKey}:${Cl.serialize(grantData(grant).message)}:${grant.chainId}`;
}

/**
 * The signer's signature of `grant` (65 bytes, recoverable, hex): SIP-018 structured data signed
 * by stacks.js, as `@stacks/stacking`'s `signPox4SignatureHash` signs it, over the message pox-4's
 * `verify-signer-key-sig` recovers the signer key from. A signature costs milliseconds (the
 * process's first about 100, the curve's table built in one piece): each is made once, here or
 * on another thread (`rememberSignature`).
 */
export function signerSignature(privateKey: string, grant: SignerGrant): string {
  return remembered(signatures, signatureKey(privateKey, grant), () =>
    signStructuredData({ ...grantData(grant), privateKey }),
  );
}

/** Whether `signerSignature(privateKey, grant)` is made already. */
export function hasSignature(privateKey: string, grant: SignerGrant): boolean {
  return signatures.has(signatureKey(privateKey, grant));
}

/** `signature`, made elsewhere (the same stacks.js function on another thread), as `grant`'s. */
export function rememberSignature(privateKey: string, grant: SignerGrant, signature: string): void {
  remembered(signatures, signatureKey(privateKey, grant), () => signature);
}

/** `compute()`'s result for `key`, computed once while the cache holds it (a cache of pure results). */
export function remembered(cache: LruCache<string, string>, key: string, compute: () => string): string {
  let value = cache.get(key);
  if (value === undefined) cache.set(key, (value = compute()));
  return value;
}
