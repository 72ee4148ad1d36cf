import fc from 'fast-check';
import { fillPath, type Operation, type Parameter } from '../../../spec/load.ts';
import { MAX_URL_LENGTH } from '../../http/url-limit.ts';
import { SERVER_LIMITS } from '../../server.ts';
import { specAccepts, urlOf, type FuzzRequest } from './fuzz-request.ts';
import { hostileName, hostileValue } from './hostile-values.ts';
import { arbitraryValidRequest, type WorldSamples } from './valid-requests.ts';

export interface InvalidCase {
  request: FuzzRequest;
  /** What was done to a valid request. */
  mutation: string;
  /** The statuses that are a right answer to it. */
  expect: number[];
}

type Mutation = (valid: FuzzRequest) => fc.Arbitrary<InvalidCase>;

function setQuery(r: FuzzRequest, name: string, pairs: [string, string | null][]): FuzzRequest {
  return {
    ...r,
    query: [...r.query.filter(([k]) => k !== name), ...pairs],
  };
}

/** One declared parameter gets a value the spec refuses. An emptied path segment changes the route: 404. */
function badValue(param: Parameter, samples: string[]): Mutation {
  return (valid) =>
    hostileValue(samples)
      .filter((v) => !specAccepts(param, v))
      .map((v) => {
        if (param.in === 'path') {
          return {
            request: { ...valid, path: { ...valid.path, [param.name]: v } },
            mutation: `bad ${param.name}`,
            expect: v === '' ? [404] : [400],
          };
        }
        return {
          request: setQuery(valid, param.name, [[param.name, v]]),
          mutation: `bad ${param.name}`,
          expect: [400],
        };
      });
}

/** A scalar query parameter given twice, each value valid on its own. */
function repeated(param: Parameter, samples: string[]): Mutation {
  return (valid) =>
    fc.tuple(fc.constantFrom(...samples), fc.constantFrom(...samples)).map(([a, b]) => ({
      request: setQuery(valid, param.name, [
        [param.name, a],
        [param.name, b],
      ]),
      mutation: `repeated ${param.name}`,
      expect: [400],
    }));
}

/** A declared query parameter with an empty value, or bare without `=`. */
function empty(param: Parameter): Mutation {
  return (valid) =>
    fc.constantFrom<string | null>('', null).map((v) => ({
      request: setQuery(valid, param.name, [[param.name, v]]),
      mutation: `empty ${param.name}`,
      expect: [400],
    }));
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

const enormous: Mutation = (valid) =>
  fc.integer({ min: MAX_URL_LENGTH + 1, max: 60_000 }).chain((length) =>
    fc.constantFrom('a', '%00', '__proto__=').map((unit) => {
      const url = urlOf(valid);
      const pad = unit.repeat(Math.ceil(length / unit.length));
      const rawUrl = `${url}${url.includes('?') ? '&' : '?'}pad=${pad}`;
      return {
        request: { ...valid, rawUrl },
        mutation: 'enormous query string',
        expect: tooLongAnswers(rawUrl) as number[],
      };
    }),
  );

/** A path segment that is not valid percent-encoding: the router cannot decode it. */
function malformedEscape(param: Parameter): Mutation {
  return (valid) =>
    fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', 'SP%').map((segment) => ({
      request: {
        ...valid,
        rawUrl: fillPath(valid.op.path, (name) =>
          name === param.name ? segment : encodeURIComponent(valid.path[name] ?? ''),
        ),
      },
      mutation: `malformed escape in ${param.name}`,
      expect: [400],
    }));
}

/** An unencoded byte outside ASCII in the URL: Node's parser refuses the request line. */
const rawByte: Mutation = (valid) =>
  fc.constantFrom('é', 'ÿ', '\u0080', '§').map((ch) => ({
    request: { ...valid, rawUrl: `${urlOf(valid)}${urlOf(valid).includes('?') ? '&' : '?'}x=${ch}` },
    mutation: 'raw non-ASCII byte',
    expect: [400],
  }));

/** An API key this mock does not know (the fuzzed mock has one other key configured). */
const unknownKey: Mutation = (valid) =>
  fc
    .oneof(
      fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 64 }),
      hostileName,
      fc.constant('x'.repeat(4_000)),
    )
    .filter((k) => k.trim() !== '' && /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(k))
    .map((key) => ({
      request: { ...valid, headers: { ...valid.headers, 'X-API-Key': key } },
      mutation: 'unknown API key',
      expect: [403],
    }));

/**
 * An invalid request for `op`: a valid one with one thing broken. Every operation gets the
 * mutations that need no parameter (an enormous query, a raw byte, an unknown key); those with
 * parameters also get bad values (wrong types, bounds, overlong and non-ASCII strings, NUL and
 * slashes, prototype names), repeated and empty parameters, and malformed escapes.
 */
export function invalidRequest(op: Operation, samples: WorldSamples): fc.Arbitrary<InvalidCase> {
  const weighted: { weight: number; mutation: Mutation }[] = [
    { weight: 1, mutation: enormous },
    { weight: 1, mutation: rawByte },
    { weight: 1, mutation: unknownKey },
  ];
  for (const param of op.parameters) {
    const own = samples.values[param.name] ?? [];
    weighted.push({ weight: 6, mutation: badValue(param, own) });
    if (param.in === 'path') weighted.push({ weight: 1, mutation: malformedEscape(param) });
    if (param.in === 'query') {
      weighted.push({ weight: 1, mutation: empty(param) });
      const scalarSamples = param['x-comma-separated']
        ? []
        : own.length
          ? own
          : ['0', '1', 'true', 'false'].filter((v) => specAccepts(param, v));
      if (scalarSamples.length) weighted.push({ weight: 1, mutation: repeated(param, scalarSamples) });
    }
  }
  return fc
    .tuple(
      arbitraryValidRequest(op, samples),
      fc.oneof(...weighted.map((w) => ({ weight: w.weight, arbitrary: fc.constant(w.mutation) }))),
    )
    .chain(([valid, mutate]) => mutate(valid))
    .map((c) => ({ ...c, expect: tooLongAnswers(urlOf(c.request)) ?? c.expect }));
}

export function anyInvalidRequest(ops: Operation[], samples: WorldSamples): fc.Arbitrary<InvalidCase> {
  return fc.oneof(...ops.map((op) => invalidRequest(op, samples)));
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
