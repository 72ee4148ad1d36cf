import fc from 'fast-check';
import type { Mutation, MutationInput, OutcomeClass } from '../../spec/invalid-requests/mutation.ts';
import { MUTATIONS } from '../../spec/invalid-requests/mutations.ts';
import { loadSpec, type Operation, type Parameter } from '../../spec/load.ts';
import { MAX_URL_LENGTH } from '../../mocks/http/url-limit.ts';
import { SERVER_LIMITS } from '../../mocks/server.ts';
import { printable, specAccepts, urlOf, type FuzzRequest } from './fuzz-request.ts';
import { hostileName, hostileValue } from './hostile-values.ts';
import { arbitraryValidRequest, type WorldSamples } from './valid-requests.ts';

export interface InvalidCase {
  request: FuzzRequest;
  /** The registry's name of what was done to a valid request. */
  mutation: string;
  /** The case, as the mutation names it. */
  label: string;
  /** The statuses that are a right answer to it. */
  expect: number[];
}

/**
 * The answers to a URL past the limit, whatever else is wrong with it: 414 from the app. Past
 * Node's header limit Node refuses it before the app, and says 414 only when it can see the
 * request line in the chunk that overflowed (else 431). Undefined for a URL within the limit.
 */
export function tooLongAnswers(url: string): number[] | undefined {
  if (url.length <= MAX_URL_LENGTH) return undefined;
  return url.length + 64 < SERVER_LIMITS.maxHeaderSize ? [414] : [414, 431];
}

/** The mock's statuses for each class of outcome (a long URL's are `tooLongAnswers`). */
const STATUSES: Record<OutcomeClass, number[]> = {
  'bad-request': [400],
  'not-found': [404],
  forbidden: [403],
  'uri-too-long': [414],
};

/** How often a mutation is drawn against one weighing 1: hostile values carry most of the variety. */
const WEIGHTS: Partial<Record<string, number>> = { 'hostile-value': 6 };

const doc = loadSpec();

/** One made-up string of the kind the mutation breaks with (none for the mutations that need none). */
function material(m: Mutation, samples: string[]): fc.Arbitrary<string[]> {
  switch (m.material) {
    case undefined:
      return fc.constant([]);
    case 'hostile-values':
      return hostileValue(samples).map((v) => [v]);
    case 'api-keys':
      return fc
        .oneof(
          fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 64 }),
          hostileName,
          fc.constant('x'.repeat(4_000)),
        )
        .map((k) => [k]);
    case 'padding':
      return fc
        .tuple(
          fc.integer({ min: MAX_URL_LENGTH + 1, max: 60_000 }),
          fc.constantFrom('a', '%00', '__proto__='),
        )
        .map(([length, unit]) => [unit.repeat(Math.ceil(length / unit.length))]);
  }
}

/** Up to two of this world's values per parameter, drawn afresh for each case. */
function drawnExamples(samples: WorldSamples): fc.Arbitrary<Record<string, string[]>> {
  return fc.record(
    Object.fromEntries(
      Object.entries(samples.values).map(([name, values]) => [
        name,
        fc.shuffledSubarray(values, {
          minLength: Math.min(1, values.length),
          maxLength: Math.min(2, values.length),
        }),
      ]),
    ),
  );
}

/** The mutation's cases for a valid request of `op`, one of which is drawn. */
function mutationCase(
  op: Operation,
  samples: WorldSamples,
  m: Mutation,
  param: Parameter | undefined,
): fc.Arbitrary<InvalidCase> {
  const own = param ? (samples.values[param.name] ?? []) : [];
  return fc
    .tuple(arbitraryValidRequest(op, samples), drawnExamples(samples), material(m, own))
    .map(([valid, examples, made]) => {
      const input: MutationInput = { doc, op, valid, examples, material: made, accepts: specAccepts };
      return m.scope === 'parameter' && param
        ? m.apply({ ...input, param })
        : m.scope === 'request'
          ? m.apply(input)
          : [];
    })
    .filter((cases) => cases.length > 0)
    .chain((cases) => fc.constantFrom(...cases))
    .map(({ request, label }) => {
      const mutated = printable({ ...request, op });
      return {
        request: mutated,
        mutation: m.name,
        label,
        expect: tooLongAnswers(urlOf(mutated)) ?? STATUSES[m.outcome],
      };
    });
}

/** Whether a parameter mutation is for this kind of parameter (path or query). */
function forKind(m: Mutation, param: Parameter): boolean {
  return (
    m.scope === 'parameter' && (param.in === 'path' || param.in === 'query') && m.appliesTo.includes(param.in)
  );
}

/**
 * Whether the mutation has anything to break here (a bound on a string, a checksum on an
 * integer: no). One that breaks with made-up material may find nothing in one draw, but must in
 * some of a few: a parameter the spec takes any string for (the v2 route's `cursor`) has no
 * hostile value, and drawing until one broke it stalled the fuzzer.
 */
function applies(op: Operation, samples: WorldSamples, m: Mutation, param?: Parameter): boolean {
  if (param && !forKind(m, param)) return false;
  if (m.material !== undefined && (m.scope === 'request' || !param)) return true;
  const input: MutationInput = {
    doc,
    op,
    valid: { path: {}, query: [], headers: {} },
    examples: samples.values,
    material: [],
    accepts: specAccepts,
  };
  if (m.scope === 'request') return m.apply(input).length > 0;
  if (param === undefined) return false;
  if (m.material === undefined) return m.apply({ ...input, param }).length > 0;
  // Parameters share schemas (a principal, a limit): each schema is tried once.
  const key = `${m.name} ${param.in} ${JSON.stringify(param.schema)}`;
  let found = breakable.get(key);
  if (found === undefined) {
    const draws = fc.sample(material(m, samples.values[param.name] ?? []), { numRuns: 12, seed: 0 });
    found = draws.some((made) => m.apply({ ...input, param, material: made }).length > 0);
    breakable.set(key, found);
  }
  return found;
}

/** Whether made-up material breaks a parameter of this schema, by mutation, parameter place and schema. */
const breakable = new Map<string, boolean>();

/**
 * An invalid request for `op`: a valid one broken by one mutation of the registry
 * (spec/invalid-requests/mutations.ts), each where it applies: the spec's own bounds, types,
 * patterns, checksums, required parameters and conflicts, hostile values (wrong types, overlong
 * and non-ASCII strings, NUL and slashes, prototype names), repeated, empty and bare parameters,
 * emptied path segments, malformed escapes, raw bytes, unknown keys and enormous query strings.
 */
export function invalidRequest(op: Operation, samples: WorldSamples): fc.Arbitrary<InvalidCase> {
  const weighted: { weight: number; arbitrary: fc.Arbitrary<InvalidCase> }[] = [];
  for (const m of MUTATIONS) {
    const weight = WEIGHTS[m.name] ?? 1;
    if (m.scope === 'request') {
      if (applies(op, samples, m))
        weighted.push({ weight, arbitrary: mutationCase(op, samples, m, undefined) });
      continue;
    }
    for (const param of op.parameters)
      if (applies(op, samples, m, param))
        weighted.push({ weight, arbitrary: mutationCase(op, samples, m, param) });
  }
  return fc.oneof(...weighted);
}

export function anyInvalidRequest(ops: Operation[], samples: WorldSamples): fc.Arbitrary<InvalidCase> {
  // The fuzzers send reads; a POST changes the chain, and its requests have tests of their own.
  return fc.oneof(...ops.filter((op) => op.method === 'get').map((op) => invalidRequest(op, samples)));
}

/** Unknown query parameters with hostile names and values, to add to a valid request. */
export function hostileExtras(op: Operation): fc.Arbitrary<[string, string][]> {
  return fc.array(
    fc.tuple(
      hostileName.filter((n) => !op.parameters.some((p) => p.name === n)),
      hostileValue([]),
    ),
    { minLength: 1, maxLength: 6 },
  );
}
