import fc from 'fast-check';
import { Cl, type ClarityValue } from '@stacks/transactions';
import type { Outcome } from './hostile-outcome.ts';
import { BLOCK_LIMIT, MAX_CALL_STACK_DEPTH } from './node-limits.ts';

/**
 * Hostile calls to contracts the fuzz deploys first: writes up to and past the block's limits,
 * loops over large lists, call chains around the call stack's depth, and arguments around their
 * types' bounds.
 */

const THOUSAND = `(list ${Array.from({ length: 1000 }, (_, i) => `u${i}`).join(' ')})`;
const TWENTY = `(list ${Array.from({ length: 20 }, (_, i) => `u${i}`).join(' ')})`;

/** The longest call chain `chain` holds. */
const CHAIN = 80;

/** What the fuzz deploys before its cases, in this order, one a block. */
export const FIXTURES: readonly { readonly name: string; readonly source: string }[] = [
  {
    // `(flood n)` writes n map entries: 20 folds of 1,000, each step writing while k < n.
    name: 'writer',
    source: `(define-map m uint uint)
(define-constant L ${THOUSAND})
(define-private (w (i uint) (acc { n: uint, k: uint }))
  (begin (if (< (get k acc) (get n acc)) (map-set m (get k acc) i) false) (merge acc { k: (+ (get k acc) u1) })))
(define-private (batch (i uint) (acc { n: uint, k: uint })) (if (< (get k acc) (get n acc)) (fold w L acc) acc))
(define-public (flood (n uint)) (ok (get k (fold batch ${TWENTY} { n: n, k: u0 }))))`,
  },
  {
    // `(spin n)` hashes n times, in folds of 1,000: runtime cost, no storage.
    name: 'hasher',
    source: `(define-constant L ${THOUSAND})
(define-private (h (i uint) (acc { n: uint, k: uint, d: (buff 32) }))
  (if (< (get k acc) (get n acc)) { n: (get n acc), k: (+ (get k acc) u1), d: (sha256 (get d acc)) } acc))
(define-private (batch (i uint) (acc { n: uint, k: uint, d: (buff 32) })) (if (< (get k acc) (get n acc)) (fold h L acc) acc))
(define-public (spin (n uint)) (ok (get k (fold batch ${TWENTY} { n: n, k: u0, d: 0x00 }))))`,
  },
  {
    // `(go d)`: d calls deep through f0 … f79, distinct functions (Clarity forbids recursion).
    name: 'chain',
    source: [
      ...Array.from({ length: CHAIN }, (_, i) =>
        i === CHAIN - 1
          ? `(define-private (f${i} (x uint) (d uint)) x)`
          : `(define-private (f${i} (x uint) (d uint)) (if (is-eq d u0) x (f${i + 1} (+ x u1) (- d u1))))`,
      ),
      '(define-public (go (d uint)) (ok (f0 u0 d)))',
    ].join('\n'),
  },
  {
    name: 'taker',
    source: `(define-public (take (b (buff 1024)) (l (list 100 uint)) (s (string-ascii 500))) (ok (+ (len b) (len l) (len s))))
(define-public (take-big (b (buff 1048576))) (ok (len b)))
(define-read-only (echo (n uint)) (+ n u1))`,
  },
];

/** A hostile call: the fixture, the function, its arguments, and what the node makes of it. */
export interface HostileCall {
  readonly label: string;
  readonly contract: string;
  readonly fn: string;
  readonly args: readonly ClarityValue[];
  readonly expect: Outcome;
}

/**
 * `(flood n)` reads n + 3 times and writes n times (measured in the engine: each `map-set` counts
 * a read and a write, the call three reads more, as the engine's recorded costs say); past the
 * block's 15,000 reads it is too expensive. The fuzz checks the count on every success.
 */
/** Reads of the block's other work (measured: the engine's block spends 5 of them; a node's tenure more). */
const NEAR_LIMIT = 10;

export function floodReads(n: number): number {
  return n + 3;
}

const flood: fc.Arbitrary<HostileCall> = fc
  .oneof(
    fc.integer({ min: 1, max: 2_000 }),
    fc.integer({ min: BLOCK_LIMIT.readCount - 20, max: BLOCK_LIMIT.readCount + 5 }),
    fc.integer({ min: BLOCK_LIMIT.readCount, max: 20_000 }),
  )
  .map((n) => {
    const result = `(ok u${roundUp(n)})`;
    const expect: Outcome =
      floodReads(n) > BLOCK_LIMIT.readCount || n > BLOCK_LIMIT.writeCount
        ? { kind: 'dropped' }
        : floodReads(n) > BLOCK_LIMIT.readCount - NEAR_LIMIT
          ? { kind: 'fits-or-dropped', result }
          : { kind: 'success', result, reads: [] };
    return { label: `${n} writes`, contract: 'writer', fn: 'flood', args: [Cl.uint(n)], expect };
  });

/** `flood` and `spin` count every step of a fold they enter: k ends at n rounded up to 1,000. */
function roundUp(n: number): number {
  return Math.ceil(n / 1000) * 1000;
}

const spin: fc.Arbitrary<HostileCall> = fc.integer({ min: 1, max: 20_000 }).map((n) => ({
  label: `${n} hashes`,
  contract: 'hasher',
  fn: 'spin',
  args: [Cl.uint(n)],
  expect: { kind: 'success', result: `(ok u${n})`, reads: [] },
}));

/**
 * `(go d)` calls d + 1 functions deep below `go` (f0 … fd), each from inside an `if`: the runtime
 * counts every user frame and every native application in progress against its 64
 * (`call_stack.depth()` is the stack's length plus `apply_depth`), so each link costs about two.
 * Well under 32 links it returns; well past, it aborts `MaxStackDepthReached`, a runtime error a
 * node mines `(err none)`; near the bound (measured: 29 returns, 30 aborts), either.
 */
const chain: fc.Arbitrary<HostileCall> = fc
  .oneof(
    fc.integer({ min: 0, max: 27 }),
    fc.integer({ min: 26, max: 34 }),
    fc.integer({ min: 32, max: CHAIN - 1 }),
  )
  .map((d) => {
    const vmError = /MaxStackDepthReached/;
    const links = MAX_CALL_STACK_DEPTH / 2;
    const expect: Outcome =
      d <= links - 5
        ? { kind: 'success', result: `(ok u${d})`, reads: [] }
        : d >= links
          ? { kind: 'abort', vmError }
          : { kind: 'either', result: `(ok u${d})`, vmError };
    return { label: `a call chain ${d} deep`, contract: 'chain', fn: 'go', args: [Cl.uint(d)], expect };
  });

const BAD_ARGUMENT = 'BadFunctionArgument';

/** `take`'s arguments around their types' bounds: a buffer of 1,024, a list of 100, a string of 500. */
const take: fc.Arbitrary<HostileCall> = fc
  .tuple(fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2, max: 2 }))
  .map(([db, dl, ds]) => {
    const [b, l, s] = [1024 + db, 100 + dl, 500 + ds];
    const fits = b <= 1024 && l <= 100 && s <= 500;
    return {
      label: `take(buff ${b}, list ${l}, string ${s})`,
      contract: 'taker',
      fn: 'take',
      args: [
        Cl.buffer(new Uint8Array(b).fill(7)),
        Cl.list(Array.from({ length: l }, (_, i) => Cl.uint(i))),
        Cl.stringAscii('s'.repeat(s)),
      ],
      expect: fits
        ? { kind: 'success', result: `(ok u${b + l + s})`, reads: [] }
        : { kind: 'refused', reason: BAD_ARGUMENT, message: /^TypeError\(/ },
    };
  });

/** A buffer argument up to the body's bound (the node's type allows 1 MiB). */
const takeBig: fc.Arbitrary<HostileCall> = fc.integer({ min: 1, max: 200_000 }).map((n) => ({
  label: `take-big(buff ${n})`,
  contract: 'taker',
  fn: 'take-big',
  args: [Cl.buffer(new Uint8Array(n).fill(9))],
  expect: { kind: 'success', result: `(ok u${n})`, reads: [] },
}));

/** What the mempool refuses before mining: arity, an unknown or read-only function, an unknown contract. */
const refusedCall: fc.Arbitrary<HostileCall> = fc.oneof(
  fc
    .integer({ min: 0, max: 6 })
    .filter((n) => n !== 1)
    .map((n) => ({
      label: `take-big with ${n} arguments`,
      contract: 'taker',
      fn: 'take-big',
      args: Array.from({ length: n }, () => Cl.buffer(new Uint8Array(1))),
      expect: {
        kind: 'refused' as const,
        reason: BAD_ARGUMENT,
        message: new RegExp(`^IncorrectArgumentCount\\(1, ${n}\\)$`),
      },
    })),
  fc.constantFrom(
    {
      label: 'a read-only function',
      contract: 'taker',
      fn: 'echo',
      args: [Cl.uint(1)],
      expect: { kind: 'refused' as const, reason: 'NoSuchPublicFunction' },
    },
    {
      label: 'no such function',
      contract: 'taker',
      fn: 'nowhere',
      args: [],
      expect: { kind: 'refused' as const, reason: 'NoSuchPublicFunction' },
    },
    {
      label: 'no such contract',
      contract: 'nowhere',
      fn: 'take',
      args: [],
      expect: { kind: 'refused' as const, reason: 'NoSuchContract' },
    },
  ),
);

export const hostileCall: fc.Arbitrary<HostileCall> = fc.oneof(
  { weight: 2, arbitrary: flood },
  { weight: 2, arbitrary: spin },
  { weight: 2, arbitrary: chain },
  { weight: 2, arbitrary: take },
  { weight: 1, arbitrary: takeBig },
  { weight: 2, arbitrary: refusedCall },
);
