import fc from 'fast-check';
import type { Outcome, ReadCheck } from './hostile-outcome.ts';
import {
  MAX_NESTING_DEPTH,
  MAX_PARSER_DEPTH,
  MAX_TYPE_DEPTH,
  MAX_UINT_LIST_LENGTH,
  MAX_UTF8_LENGTH,
  MAX_VALUE_SIZE,
} from './node-limits.ts';

/**
 * Hostile contract deployments from a small grammar: a contract is a few parts, each alone
 * predicted from stacks-core's limits (`node-limits.ts`), the whole as the worst of them.
 */

/** One top-level piece of a contract; `$` in its source and reads stands for its own name prefix. */
interface Part {
  readonly label: string;
  readonly source: string;
  /** `ok`, nested past the static check (`problematic`), or an analysis failure's `vm_error`. */
  readonly verdict: 'ok' | 'problematic' | RegExp;
  readonly reads: readonly ReadCheck[];
  /** The engine cannot load it again once deployed (`ENGINE_LOADS_BELOW`). */
  readonly unloadable?: boolean;
}

/**
 * The WebAssembly build of Clarity (the simnet) stores a contract as JSON and reads it back with
 * serde_json's 128-level limit, which the node lifts (`deserialize_json`,
 * clarity/src/vm/database/structures.rs: "WASM targets … can't disable the recursion limit"): a
 * function body whose lists nest this deep (as the parser counts, a tuple two) deploys, but every
 * later call of the contract fails `Failed to deserialize vm.Value` (measured: 41 lists load, 42
 * do not). A known difference of the engine (docs/clarity.md).
 */
const ENGINE_LOADS_BELOW = 42;

/** A wrapper around an inner form: the lists it opens to reach it, and any it opens beside it. */
interface Wrap {
  readonly wrap: (inner: string, i: number) => string;
  readonly levels: number;
  readonly parsed: number;
  /** Levels reached beside the inner form (a `let`'s bindings), counted from the wrapper's level. */
  readonly beside: number;
  /** Whether it adds one to the value's type depth. */
  readonly typed: boolean;
}

const EXPRESSION_WRAPS: Record<string, Wrap> = {
  begin: { wrap: (x) => `(begin ${x})`, levels: 1, parsed: 1, beside: 0, typed: false },
  // Each binding its own name: Clarity refuses a let that shadows another.
  let: { wrap: (x, i) => `(let ((a${i} u1)) ${x})`, levels: 1, parsed: 1, beside: 2, typed: false },
  unwrap: { wrap: (x) => `(unwrap-panic (some ${x}))`, levels: 2, parsed: 2, beside: 0, typed: false },
  if: { wrap: (x) => `(if true ${x} ${x})`, levels: 1, parsed: 1, beside: 0, typed: false },
  list: { wrap: (x) => `(list ${x})`, levels: 1, parsed: 1, beside: 0, typed: true },
  // The parser counts a `{` two: it becomes a list of pairs.
  tuple: { wrap: (x) => `{a: ${x}}`, levels: 1, parsed: 2, beside: 0, typed: true },
};

const TYPE_WRAPS: Record<string, Wrap> = {
  optional: { wrap: (x) => `(optional ${x})`, levels: 1, parsed: 1, beside: 0, typed: true },
  ok: { wrap: (x) => `(response ${x} uint)`, levels: 1, parsed: 1, beside: 0, typed: true },
  err: { wrap: (x) => `(response uint ${x})`, levels: 1, parsed: 1, beside: 0, typed: true },
  // One entry a level: a longer list would grow the type's size past MAX_VALUE_SIZE.
  list: { wrap: (x) => `(list 1 ${x})`, levels: 1, parsed: 1, beside: 0, typed: true },
  tuple: { wrap: (x) => `{a: ${x}}`, levels: 1, parsed: 2, beside: 0, typed: true },
};

/** At most this many `if`s a chain: each writes its inner form twice. */
const MAX_IFS = 4;

/**
 * `wraps` (outermost first) around `leaf`, inside a form at level 1 (a `define-…`): the text, the
 * deepest level and parser count it reaches, and the value's type depth.
 */
function nest(wraps: readonly Wrap[], leaf: string, start = { levels: 1, parsed: 1 }) {
  let { levels, parsed } = start;
  let deepest = levels;
  let deepestParsed = parsed;
  for (const w of wraps) {
    deepest = Math.max(deepest, levels + 1 + w.beside);
    deepestParsed = Math.max(deepestParsed, parsed + 1 + w.beside);
    levels += w.levels;
    parsed += w.parsed;
    deepest = Math.max(deepest, levels);
    deepestParsed = Math.max(deepestParsed, parsed);
  }
  const text = wraps.reduceRight((inner, w, i) => w.wrap(inner, i), leaf);
  const tooDeep = deepest >= MAX_NESTING_DEPTH || deepestParsed > MAX_PARSER_DEPTH;
  return { text, tooDeep, deepestParsed, typeDepth: 1 + wraps.filter((w) => w.typed).length };
}

/** Chains short, near the type depth (32) and near the nesting depth (69). */
const chainLength = fc.oneof(
  fc.integer({ min: 1, max: 12 }),
  fc.integer({ min: 28, max: 36 }),
  fc.integer({ min: 60, max: 75 }),
);

const TYPE_TOO_DEEP = /deeper than maximum allowed type depth/;

/** Any wrapper, or only those that deepen the value's type (to reach the type depth's 32). */
const expressionWrapNames = fc.oneof(
  { weight: 3, arbitrary: fc.constant(Object.keys(EXPRESSION_WRAPS)) },
  { weight: 1, arbitrary: fc.constant(['list', 'tuple']) },
);

/** An expression nested in a read-only function's body (never run: analysis alone judges it). */
const nestedExpression: fc.Arbitrary<Part> = fc
  .tuple(chainLength, expressionWrapNames)
  .chain(([n, names]) => fc.array(fc.constantFrom(...names), { minLength: n, maxLength: n }))
  .map((names) => {
    let ifs = 0;
    const wraps = names.map(
      (name) => EXPRESSION_WRAPS[name === 'if' && ++ifs > MAX_IFS ? 'begin' : name] as Wrap,
    );
    // `(define-read-only ($deep) …)`: the body's first wrapper opens at level 2, beside `($deep)`.
    const { text, tooDeep, deepestParsed, typeDepth } = nest(wraps, 'u1');
    return {
      label: `nested expression, ${wraps.length} wrappers (type depth ${typeDepth}, ${deepestParsed} deep)`,
      source: `(define-read-only ($deep) ${text})`,
      verdict: tooDeep ? 'problematic' : typeDepth > MAX_TYPE_DEPTH ? TYPE_TOO_DEEP : 'ok',
      reads: [],
      unloadable: deepestParsed >= ENGINE_LOADS_BELOW,
    };
  });

/** A map's value type or a data var's type nested around `uint`. */
const nestedType: fc.Arbitrary<Part> = fc
  .tuple(chainLength, fc.boolean())
  .chain(([n, asVar]) =>
    fc
      .array(fc.constantFrom(...(asVar ? ['optional'] : Object.keys(TYPE_WRAPS))), {
        minLength: n,
        maxLength: n,
      })
      .map((names) => ({ names, asVar })),
  )
  .map(({ names, asVar }) => {
    const { text, tooDeep, typeDepth } = nest(
      names.map((name) => TYPE_WRAPS[name] as Wrap),
      'uint',
    );
    return {
      label: `${asVar ? 'data var' : 'map'} type nested ${names.length} deep`,
      source: asVar ? `(define-data-var $v ${text} none)` : `(define-map $m uint ${text})`,
      verdict: tooDeep
        ? 'problematic'
        : typeDepth > MAX_TYPE_DEPTH
          ? asVar
            ? /invalid variable definition/
            : /invalid map definition/
          : 'ok',
      reads: [],
    };
  });

/** A type sized around MAX_VALUE_SIZE's bounds: a buffer, an ASCII or UTF-8 string, a list of uints. */
const sizedType: fc.Arbitrary<Part> = fc
  .tuple(
    fc.constantFrom('buff', 'ascii', 'utf8', 'list'),
    fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(-MAX_VALUE_SIZE / 2, MAX_VALUE_SIZE)),
  )
  .map(([kind, offset]) => {
    const limit = {
      buff: MAX_VALUE_SIZE,
      ascii: MAX_VALUE_SIZE,
      utf8: MAX_UTF8_LENGTH,
      list: MAX_UINT_LIST_LENGTH,
    }[kind];
    const n = Math.max(1, (limit as number) + offset);
    const fits = n <= (limit as number);
    const source = {
      buff: `(define-data-var $v (buff ${n}) 0x)`,
      ascii: `(define-data-var $v (string-ascii ${n}) "")`,
      utf8: `(define-map $m uint (string-utf8 ${n}))`,
      list: `(define-map $m uint (list ${n} uint))`,
    }[kind] as string;
    return {
      label: `${kind} type of ${n} (limit ${limit})`,
      source,
      verdict: fits
        ? 'ok'
        : kind === 'buff' || kind === 'ascii'
          ? /invalid variable definition/
          : /invalid map definition/,
      reads: [],
    };
  });

/** A large literal, and read-only functions that measure it (a fold over a long list is a loop). */
const largeLiteral: fc.Arbitrary<Part> = fc.oneof(
  fc.integer({ min: 1, max: 45_000 }).map((n) => ({
    label: `buffer literal of ${n} bytes`,
    source: `(define-constant $big 0x${'ab'.repeat(n)})\n(define-read-only ($size) (len $big))`,
    verdict: 'ok' as const,
    reads: [{ fn: '$size', result: `u${n}` }],
  })),
  fc.integer({ min: 1, max: 90_000 }).map((n) => ({
    label: `string literal of ${n} characters`,
    source: `(define-constant $big "${'x'.repeat(n)}")\n(define-read-only ($size) (len $big))`,
    verdict: 'ok' as const,
    reads: [{ fn: '$size', result: `u${n}` }],
  })),
  fc.integer({ min: 1, max: 10_000 }).map((n) => ({
    label: `list literal of ${n} uints, folded`,
    source: `(define-constant $l (list ${Array.from({ length: n }, (_, i) => `u${i}`).join(' ')}))
(define-read-only ($size) (len $l))
(define-read-only ($sum) (fold + $l u0))
(define-read-only ($doubled) (fold + (map + $l $l) u0))`,
    verdict: 'ok' as const,
    reads: [
      { fn: '$size', result: `u${n}` },
      { fn: '$sum', result: `u${(n * (n - 1)) / 2}` },
      { fn: '$doubled', result: `u${n * (n - 1)}` },
    ],
  })),
);

/** Deployments that do not analyse: the node mines them `(err none)`, the checker's error in `vm_error`. */
const BROKEN: readonly { label: string; source: string; vmError: RegExp }[] = [
  {
    label: 'a type error',
    source: '(define-read-only ($f) (+ u1 1))',
    vmError: /expecting expression of type/,
  },
  {
    label: 'an undefined function',
    source: '(define-read-only ($f) ($nowhere u1))',
    vmError: /use of unresolved function/,
  },
  {
    label: 'an undefined variable',
    source: '(define-read-only ($f) $nowhere)',
    vmError: /use of unresolved variable/,
  },
  {
    label: 'an undefined map',
    source: '(define-read-only ($f) (map-get? $nowhere u1))',
    vmError: /use of unresolved map/,
  },
  {
    label: 'recursion',
    source: '(define-private ($f (x uint)) ($f x))',
    vmError: /use of unresolved function|circular/i,
  },
  {
    label: 'mutual recursion',
    source: '(define-private ($f (x uint)) ($g x))\n(define-private ($g (x uint)) ($f x))',
    vmError: /use of unresolved function|circular/i,
  },
  {
    label: 'a name defined twice',
    source: '(define-constant $a u1)\n(define-constant $a u2)',
    vmError: /conflicts with previous value/,
  },
  { label: 'a public function without a response', source: '(define-public ($f) u1)', vmError: /response/ },
];

const broken: fc.Arbitrary<Part> = fc
  .constantFrom(...BROKEN)
  .map(({ label, source, vmError }) => ({ label, source, verdict: vmError, reads: [] }));

/** Many definitions of every kind. */
const manyDefinitions: fc.Arbitrary<Part> = fc.integer({ min: 10, max: 400 }).map((n) => {
  const forms = Array.from(
    { length: n },
    (_, i) =>
      [
        `(define-constant $c${i} u${i})`,
        `(define-data-var $v${i} uint u${i})`,
        `(define-map $m${i} uint uint)`,
        `(define-read-only ($r${i}) (+ $c${i - (i % 4)} u${i}))`,
      ][i % 4],
  );
  // The last read-only (every fourth form) adds its index to the constant three forms before it.
  const last = Math.floor((n - 4) / 4) * 4 + 3;
  const reads = [{ fn: `$r${last}`, result: `u${2 * last - 3}` }];
  return { label: `${n} definitions`, source: forms.join('\n'), verdict: 'ok' as const, reads };
});

/** A hostile deployment: its source and what the node makes of it. */
export interface HostileDeploy {
  readonly label: string;
  readonly source: string;
  readonly expect: Outcome;
}

function union(patterns: readonly RegExp[]): RegExp {
  return new RegExp(patterns.map((p) => `(?:${p.source})`).join('|'), 'i');
}

/**
 * stacks.js's `makeContractDeploy` takes a source of at most 100,000 bytes (`codeBodyString`; the
 * node's bound is its message's, 16 MiB): the fuzz broadcasts through it, so its sources stay under.
 */
const MAX_SOURCE = 100_000;

/** One to three small parts and at most one large literal, each part under its own name prefix. */
export const hostileDeploy: fc.Arbitrary<HostileDeploy> = fc
  .tuple(
    fc.array(fc.oneof(nestedExpression, nestedType, sizedType, broken, manyDefinitions), {
      minLength: 1,
      maxLength: 3,
    }),
    fc.option(largeLiteral, { freq: 3 }),
  )
  .map(([small, literal]) => {
    const parts = literal ? [...small, literal] : small;
    const named = (text: string, i: number) => text.replaceAll('$', `p${i}-`);
    const source = parts.map((p, i) => named(p.source, i)).join('\n');
    const label = parts.map((p) => p.label).join('; ');
    const failures = parts.flatMap((p) => (p.verdict instanceof RegExp ? [p.verdict] : []));
    const expect: Outcome = parts.some((p) => p.verdict === 'problematic')
      ? { kind: 'problematic' }
      : failures.length > 0
        ? { kind: 'abort', vmError: union(failures) }
        : {
            kind: 'success',
            result: '(ok true)',
            reads: parts.flatMap((p, i) => p.reads.map((r) => ({ fn: named(r.fn, i), result: r.result }))),
            unloadable: parts.some((p) => p.unloadable),
          };
    return { label, source, expect };
  })
  .filter((deploy) => deploy.source.length <= MAX_SOURCE);
