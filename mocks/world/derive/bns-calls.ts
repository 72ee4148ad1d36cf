import { ripemd160 } from '@noble/hashes/ripemd160';
import { sha256 } from '@noble/hashes/sha256';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils';
import { Cl, type ClarityValue } from '@stacks/transactions';
import type { Amount } from '../amount.ts';
import type { ClarityTx, FunctionParam, RecordedEvent } from '../tables/clarity-txs.ts';
import type { NamespaceRules } from '../tables/bns-names.ts';
import { EventKind, Status } from '../tables/kinds.ts';
import { pairOf, tuple } from './clarity.ts';

// The world's calls of the BNS boot contract (`<boot address>.bns`), each a `ClarityCall` row
// with its `clarityTxs` entry: the arguments it is called with and what the contract does, as
// the contract's source says (its prints, its STX burns). The Clarity engine's replay runs each
// and checks its prints against these (world/run/bns-prints.ts).

/** The price function every namespace of the world reveals: each name burns 2 STX. */
const PRICE = { base: 1, coeff: 200_000, buckets: 16, nonAlphaDiscount: 1, noVowelDiscount: 1 } as const;

/** What `compute-name-price` answers for any name under the world's price function, in µSTX. */
export const NAME_PRICE = ((PRICE.coeff * PRICE.base ** 1) / PRICE.noVowelDiscount) * 10;

/** `get-namespace-price`: the contract's tiers by the namespace's length, in µSTX. */
export function namespacePrice(namespace: string): number {
  const tiers = [640_000_000_000, 64_000_000_000, 64_000_000_000, 6_400_000_000];
  if (namespace.length > 7) return 640_000_000;
  return tiers[Math.min(namespace.length, 4) - 1] as number;
}

/** BNS's hash160: RIPEMD-160 of SHA-256 (salted name hashes, zone file hashes). */
export function hash160(bytes: Uint8Array): Uint8Array {
  return ripemd160(sha256(bytes));
}

function buff(bytes: Uint8Array): ClarityValue {
  return Cl.buffer(bytes);
}

/** A name or namespace as BNS takes it: its bytes. */
function text(s: string): ClarityValue {
  return Cl.buffer(utf8ToBytes(s));
}

const B20 = '(buff 20)';

function p(name: string, type: string): FunctionParam {
  return { name, type };
}

/** A call of the BNS contract: its function, parameters, arguments, and what it does. */
interface BnsCall {
  readonly fn: string;
  readonly params: readonly FunctionParam[];
  readonly args: readonly ClarityValue[];
  readonly result: ClarityValue;
  readonly events: readonly RecordedEvent[];
}

/** The call as a `clarityTxs` entry of contract `bns` (its id), succeeded. */
export function bnsEntry(bns: string, call: BnsCall): ClarityTx {
  return {
    payload: { kind: 'call', contract: bns, fn: call.fn, args: call.args.map(pairOf), params: call.params },
    postConditions: [],
    outcome: { status: Status.Success, result: pairOf(call.result), vmError: null, events: call.events },
  };
}

function burn(sender: number, amount: Amount): RecordedEvent {
  return { kind: EventKind.StxBurn, sender, recipient: -1, contract: -1, amount };
}

function print(bns: number, value: ClarityValue): RecordedEvent {
  return { kind: EventKind.Log, sender: -1, recipient: -1, contract: bns, amount: 0, value: pairOf(value) };
}

/** `namespace-preorder`: burns the namespace's price; answers the preorder's expiry (`tenure` + 144). */
export function namespacePreorder(
  sender: number,
  namespace: string,
  salt: Uint8Array,
  tenure: number,
): BnsCall {
  const price = namespacePrice(namespace);
  return {
    fn: 'namespace-preorder',
    params: [p('hashed-salted-namespace', B20), p('stx-to-burn', 'uint')],
    args: [buff(hash160(concatBytes(utf8ToBytes(namespace), salt))), Cl.uint(price)],
    result: Cl.ok(Cl.uint(tenure + 144)),
    events: [burn(sender, price)],
  };
}

/** `namespace-reveal`: the namespace's price function, lifetime and importer (`importer`, its address). */
export function namespaceReveal(rules: NamespaceRules, salt: Uint8Array, importer: string): BnsCall {
  const buckets = Array.from({ length: PRICE.buckets }, (_, i) => p(`p-func-b${i + 1}`, 'uint'));
  return {
    fn: 'namespace-reveal',
    params: [
      p('namespace', B20),
      p('namespace-salt', B20),
      p('p-func-base', 'uint'),
      p('p-func-coeff', 'uint'),
      ...buckets,
      p('p-func-non-alpha-discount', 'uint'),
      p('p-func-no-vowel-discount', 'uint'),
      p('lifetime', 'uint'),
      p('namespace-import', 'principal'),
    ],
    args: [
      text(rules.namespace),
      buff(salt),
      Cl.uint(PRICE.base),
      Cl.uint(PRICE.coeff),
      ...buckets.map(() => Cl.uint(1)),
      Cl.uint(PRICE.nonAlphaDiscount),
      Cl.uint(PRICE.noVowelDiscount),
      Cl.uint(rules.lifetime),
      Cl.principal(importer),
    ],
    result: Cl.ok(Cl.bool(true)),
    events: [],
  };
}

/**
 * `namespace-ready`: prints the launched namespace's properties, which the real service indexes
 * (its lifetime gives its names' expiry). `revealedAt` and `launchedAt` are Clarity's
 * `block-height` at the reveal and now: the tenure heights.
 */
export function namespaceReady(
  bns: number,
  rules: NamespaceRules,
  importer: string,
  revealedAt: number,
  launchedAt: number,
): BnsCall {
  const properties = tuple({
    'can-update-price-function': Cl.bool(true),
    'launched-at': Cl.some(Cl.uint(launchedAt)),
    lifetime: Cl.uint(rules.lifetime),
    'namespace-import': Cl.principal(importer),
    'price-function': tuple({
      base: Cl.uint(PRICE.base),
      buckets: Cl.list(Array.from({ length: PRICE.buckets }, () => Cl.uint(1))),
      coeff: Cl.uint(PRICE.coeff),
      'no-vowel-discount': Cl.uint(PRICE.noVowelDiscount),
      'nonalpha-discount': Cl.uint(PRICE.nonAlphaDiscount),
    }),
    'revealed-at': Cl.uint(revealedAt),
  });
  return {
    fn: 'namespace-ready',
    params: [p('namespace', B20)],
    args: [text(rules.namespace)],
    result: Cl.ok(Cl.bool(true)),
    events: [
      print(bns, tuple({ namespace: text(rules.namespace), properties, status: Cl.stringAscii('ready') })),
    ],
  };
}

/** The name's label and namespace: `alice.btc` → `alice`, `btc`. */
export function nameParts(name: string): { label: string; namespace: string } {
  const dot = name.lastIndexOf('.');
  return { label: name.slice(0, dot), namespace: name.slice(dot + 1) };
}

/** `name-preorder`: burns the name's price; answers the preorder's expiry (`tenure` + 144). */
export function namePreorder(sender: number, name: string, salt: Uint8Array, tenure: number): BnsCall {
  return {
    fn: 'name-preorder',
    params: [p('hashed-salted-fqn', B20), p('stx-to-burn', 'uint')],
    args: [buff(hash160(concatBytes(utf8ToBytes(name), salt))), Cl.uint(NAME_PRICE)],
    result: Cl.ok(Cl.uint(tenure + 144)),
    events: [burn(sender, NAME_PRICE)],
  };
}

/**
 * `name-register`: mints the name to its sender (the real service finds an address's names by
 * these mints) and prints its attachment (the zone file's hash, the contract's attachment index,
 * and the name's metadata), what the real service indexes names from. The mint's value is the
 * name's tuple; the world's NFT tables number it by its attachment index.
 */
export function nameRegister(
  bns: number,
  name: string,
  owner: number,
  ownerAddress: string,
  salt: Uint8Array,
  zonefile: string,
  attachmentIndex: number,
): BnsCall {
  const { label, namespace } = nameParts(name);
  const zonefileHash = hash160(utf8ToBytes(zonefile));
  const attachment = tuple({
    'attachment-index': Cl.uint(attachmentIndex),
    hash: buff(zonefileHash),
    metadata: tuple({
      name: text(label),
      namespace: text(namespace),
      op: Cl.stringAscii('name-register'),
      'tx-sender': Cl.principal(ownerAddress),
    }),
  });
  return {
    fn: 'name-register',
    params: [p('namespace', B20), p('name', '(buff 48)'), p('salt', B20), p('zonefile-hash', B20)],
    args: [text(namespace), text(label), buff(salt), buff(zonefileHash)],
    result: Cl.ok(Cl.bool(true)),
    events: [
      {
        kind: EventKind.NftMint,
        sender: -1,
        recipient: owner,
        contract: bns,
        amount: attachmentIndex,
        value: pairOf(tuple({ name: text(label), namespace: text(namespace) })),
      },
      print(bns, tuple({ attachment })),
    ],
  };
}
