import type { Amount } from '../amount.ts';
import { Cl, ClarityType, cvToHex, type ClarityValue } from '@stacks/transactions';
import { reprOf } from '../../../spec/clarity-repr.ts';
import type { Chain } from '../tables/chain.ts';

/** A Clarity value as the API shows it: consensus serialization and printed form. */
export interface ClarityPair {
  hex: string;
  repr: string;
}

export function pairOf(value: ClarityValue): ClarityPair {
  return { hex: hexOf(value), repr: reprOf(value) };
}

const LOWER_HEX = /^[0-9a-f]*$/;

/**
 * `cvToHex(value)`. A buffer (a broadcast call's argument, up to 2 MB) is written from the hex it
 * holds: its type byte, its length, its bytes, which stacks.js would decode and encode again, a
 * byte at a time (about 10 ms for 200 kB). A hex it would write otherwise (odd length, capitals)
 * goes to stacks.js.
 */
function hexOf(value: ClarityValue): string {
  if (value.type !== ClarityType.Buffer || value.value.length % 2 !== 0 || !LOWER_HEX.test(value.value))
    return cvToHex(value);
  return `0x02${(value.value.length / 2).toString(16).padStart(8, '0')}${value.value}`;
}

let okTrue: ClarityPair | undefined;
let errNone: ClarityPair | undefined;

/**
 * `(ok true)`: what a node records a deployment, and most transactions without a result of their
 * own, as returning. Made on first use, as `errNonePair`: the CLI's bundle evaluates
 * @stacks/transactions when a value is first built, not at start (scripts/bundle.ts).
 */
export function okTruePair(): ClarityPair {
  return (okTrue ??= pairOf(Cl.ok(Cl.bool(true))));
}

/** `(err none)`: what a node records for a transaction that could not run to a result, or that it skipped as problematic. */
export function errNonePair(): ClarityPair {
  return (errNone ??= pairOf(Cl.error(Cl.none())));
}

export function uint(value: Amount): ClarityValue {
  return Cl.uint(value);
}

/**
 * A tuple with its keys sorted: the consensus serialization sorts them, and printing in the same
 * order keeps `repr` identical to what decoding `hex` prints.
 */
export function tuple(fields: Record<string, ClarityValue>): ClarityValue {
  const sorted: Record<string, ClarityValue> = {};
  for (const key of Object.keys(fields).sort()) sorted[key] = fields[key] as ClarityValue;
  return Cl.tuple(sorted);
}

export function principalValue(chain: Chain, principal: number): ClarityValue {
  return Cl.principal(chain.principals.name(principal));
}

const principalPairs = new WeakMap<Chain, Map<number, ClarityPair>>();

/** Encoding a principal checks its c32 checksum, which is slow: remember each one. */
export function principalPair(chain: Chain, principal: number): ClarityPair {
  let cache = principalPairs.get(chain);
  if (!cache) principalPairs.set(chain, (cache = new Map()));
  let pair = cache.get(principal);
  if (!pair) cache.set(principal, (pair = pairOf(principalValue(chain, principal))));
  return pair;
}

const uintPairs = new Map<number, ClarityPair>();

/** Small uints (NFT ids, error codes) recur constantly. */
export function uintPair(value: Amount): ClarityPair {
  if (typeof value === 'bigint' || value > 100_000) return uintPairOf(value);
  let pair = uintPairs.get(value);
  if (!pair) uintPairs.set(value, (pair = uintPairOf(value)));
  return pair;
}

/**
 * A uint's pair written out directly (type 0x01, 16 bytes big-endian; `u` and the number), as
 * `pairOf(Cl.uint(value))` makes it (clarity.test.ts) in a fraction of the time: every transfer's
 * amount is one, and a transaction's id hashes its arguments.
 */
function uintPairOf(value: Amount): ClarityPair {
  return { hex: `0x01${value.toString(16).padStart(32, '0')}`, repr: `u${value}` };
}
