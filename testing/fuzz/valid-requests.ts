import { bech32 } from 'bech32';
import { c32address } from 'c32check';
import fc from 'fast-check';
import { burnchainAddressOf } from '../../spec/burnchain-address.ts';
import { loadSpec, resolve, type Operation, type Parameter, type Schema } from '../../spec/load.ts';
import { DECLARATIONS, examplesFrom, stringParams } from '../../spec/valid-requests/valid-requests.ts';
import { windowRows } from '../../mocks/query/paging.ts';
import type { WorldQueries } from '../../mocks/query/world-queries.ts';
import { txIdOf } from '../../mocks/serialize/transaction.ts';
import { worldViewOf } from '../../mocks/world-view.ts';
import { printable, specAccepts, type FuzzRequest } from './fuzz-request.ts';

type Value = string | string[];

/** Version bytes of SP, SM (mainnet), ST, SN (testnet): the spec's principal format takes all four. */
const ADDRESS_VERSIONS = [22, 20, 26, 21];
const CONTRACT_NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,127}$/;

/**
 * Strings matching each pattern, one arbitrary a pattern: building one tokenizes fast-check's
 * list of dangerous strings against it (its shrinking check per string), seconds of CPU when done
 * for every parameter of every operation in each property. An arbitrary holds no state, and the
 * values a seed draws do not depend on which instance draws them.
 */
const MATCHING = new Map<string, fc.Arbitrary<string>>();

function matching(pattern: RegExp): fc.Arbitrary<string> {
  const key = String(pattern);
  let arbitrary = MATCHING.get(key);
  if (!arbitrary) MATCHING.set(key, (arbitrary = fc.stringMatching(pattern)));
  return arbitrary;
}

const standardAddress = fc
  .tuple(fc.constantFrom(...ADDRESS_VERSIONS), fc.uint8Array({ minLength: 20, maxLength: 20 }))
  .map(([version, hash]) => c32address(version, Buffer.from(hash).toString('hex')));

/**
 * `format: stacks-principal` needs a valid c32check checksum, which no regex generator gives; a
 * burnchain route's address (`burnchain-address`) is such an address or a segwit Bitcoin one.
 */
const principal = fc.oneof(
  standardAddress,
  fc.tuple(standardAddress, matching(CONTRACT_NAME)).map(([a, n]) => `${a}.${n}`),
);

/** Any string the schema accepts, as a query string or path segment carries it. */
function schemaArbitrary(raw: unknown): fc.Arbitrary<Value> {
  const schema = resolve<Schema>(loadSpec(), raw as Schema);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(schemaArbitrary));
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  const handlerFormat = (schema as { 'x-handler-format'?: string })['x-handler-format'];
  const format = schema.format ?? handlerFormat;
  // A pattern without the contract's dot admits standard addresses only.
  if (format === 'stacks-principal')
    return schema.pattern !== undefined && !schema.pattern.includes('\\.') ? standardAddress : principal;
  if (format === 'burnchain-address')
    return fc.oneof(
      standardAddress,
      fc
        .uint8Array({ minLength: 20, maxLength: 20 })
        .map((hash) => bech32.encode('bc', [0, ...bech32.toWords(hash)])),
    );
  if (format === 'bns-blockchain') return fc.constant('stacks');
  if (format === 'stacks-asset-identifier')
    return fc
      .tuple(standardAddress, matching(CONTRACT_NAME), matching(CONTRACT_NAME))
      .map(([a, c, t]) => `${a}.${c}::${t}`);
  switch (schema.type) {
    case 'integer':
      return fc
        .integer({ min: schema.minimum ?? 0, max: schema.maximum ?? Number.MAX_SAFE_INTEGER })
        .map(String);
    case 'boolean':
      return fc.constantFrom('true', 'false');
    case 'array': {
      const items = schemaArbitrary(schema.items) as fc.Arbitrary<string>;
      const bounds = { minLength: schema.minItems ?? 0, maxLength: 12 };
      return schema.uniqueItems ? fc.uniqueArray(items, bounds) : fc.array(items, bounds);
    }
    case 'string':
      if (schema.pattern) return matching(new RegExp(schema.pattern));
      return fc.string({ minLength: schema.minLength ?? 0 });
    default:
      throw new Error(
        `no generator for the schema ${JSON.stringify(schema)}: teach testing/fuzz/valid-requests.ts`,
      );
  }
}

export interface WorldSamples {
  /** Values this world knows, per parameter name. */
  values: Record<string, string[]>;
  /** Path parameters that belong together (an address and one of its transactions). */
  related: Record<string, string>[];
}

/**
 * Parameters drawn only from the world, never generated from their schema: a position in a list
 * (`cursor`, whose formats only a served page gives) and a token (`asset_identifier`); generating
 * strings for their patterns stalled the fuzzer synchronously, past its timeout. Without a value
 * from the world an optional one is left out.
 */
const FROM_WORLD_ONLY = new Set(['cursor', 'asset_identifier']);

/** Each declared valid request's parameters (spec/valid-requests/) on this world's view: values, and path values that belong together. */
function declaredSamples(queries: WorldQueries): WorldSamples {
  const view = worldViewOf(queries);
  const values: Record<string, string[]> = {};
  const related: Record<string, string>[] = [];
  for (const [operationId, declaration] of Object.entries(DECLARATIONS)) {
    if (!declaration.needs.every((fact) => view[fact] !== undefined)) continue;
    for (const request of declaration.requests(view) as Parameters<typeof stringParams>[0][]) {
      const { path, query } = stringParams(request);
      for (const [name, value] of [...Object.entries(path), ...Object.entries(query)]) {
        const list = Array.isArray(value) ? value : [value];
        (values[name] ??= []).push(...list);
        (values[declaredOf(operationId, name)] ??= []).push(...list);
      }
      if (Object.keys(path).length > 1) related.push(path);
    }
  }
  return { values, related };
}

/**
 * Where an operation's own declared values of a parameter are kept in `values`: a route whose
 * parameter takes few of the world's values of that name (a token contract among principals, a
 * burn block among blocks) still finds something.
 */
function declaredOf(operationId: string, name: string): string {
  return `declared ${operationId} ${name}`;
}

/** The cursors a page names: v3's `cursor` object, or the v2 route's `cursor`, `next_cursor` and `prev_cursor`. */
export function cursorsNamed(body: unknown): string[] {
  const page = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const named =
    typeof page.cursor === 'object' && page.cursor !== null
      ? Object.values(page.cursor)
      : [page.cursor, page.next_cursor, page.prev_cursor];
  return named.filter((c): c is string => typeof c === 'string');
}

/** Where an operation's own cursors are kept in `values`: each list's cursors have their own format. */
function cursorsOf(operationId: string): string {
  return `cursor ${operationId}`;
}

/** Cursors the operation's pages name (read from a first page it served), for its requests to draw. */
export function addCursors(samples: WorldSamples, operationId: string, cursors: readonly string[]): void {
  const key = cursorsOf(operationId);
  samples.values[key] = [...new Set([...(samples.values[key] ?? []), ...cursors])];
}

/**
 * Values this world knows (its catalogue, and what each operation's declared valid requests use),
 * so that valid requests find things (200) as often as they miss (404); the schema's own generator
 * supplies the rest, but for FROM_WORLD_ONLY.
 */
export function worldSamples(queries: WorldQueries): WorldSamples {
  const declared = declaredSamples(queries);
  const catalogue = queries.catalogue();
  const blocks = Object.values(catalogue.block_samples);
  const txIds = [
    ...Object.values(catalogue.transactions.by_type).flat(),
    ...catalogue.transactions.mempool.pending,
  ];
  const principals = Object.values(catalogue.addresses).filter(Boolean);
  const heights = blocks.map((b) => String(b.height));
  const related = principals.flatMap((principal) => {
    const history = queries.history(principal, { unanchored: false });
    const ids = (history ? windowRows(history, { limit: 5, offset: 0 }) : []).map((r) =>
      txIdOf(queries.chain.txs, r.tx),
    );
    return ids.map((tx_id) => ({ principal, address: principal, tx_id }));
  });
  return {
    values: {
      ...Object.fromEntries(Object.entries(declared.values).map(([k, v]) => [k, [...new Set(v)]])),
      ...examplesFrom({ principals, txIds, blocks }),
      // Where the spec takes a height or a hash, both, and the tip by name and by its index hash.
      height_or_hash: ['latest', ...heights, ...blocks.flatMap((b) => [b.hash, b.index_block_hash])],
      until_block: [...heights, ...blocks.map((b) => b.hash)],
    },
    related: [...related, ...declared.related],
  };
}

/** Handler formats whose values the world's values of the same name may miss (a contract where only an address goes). */
const HANDLER_CHECKS: Record<string, (value: string) => boolean> = {
  'burnchain-address': (value) => burnchainAddressOf(value) !== undefined,
  'bns-blockchain': (value) => value === 'stacks',
};

/** Whether the parameter's handler takes `value`: its `x-handler-format`, where one is checked here. */
function handlerAccepts(param: Parameter, value: string): boolean {
  const schema = resolve<Schema>(loadSpec(), param.schema as Schema) as { 'x-handler-format'?: string };
  return HANDLER_CHECKS[schema['x-handler-format'] ?? '']?.(value) ?? true;
}

function parameterArbitrary(
  param: Parameter,
  samples: Record<string, string[]>,
  operationId: string,
): fc.Arbitrary<Value> {
  // A world value of the same name the parameter's schema refuses (a contract where only a
  // standard address goes) is no valid value for it.
  const accepted = (list: string[] | undefined): string[] =>
    list?.filter((v) => v !== '' && specAccepts(param, [v]) && handlerAccepts(param, v)) ?? [];
  const known = accepted(samples[param.name]);
  if (FROM_WORLD_ONLY.has(param.name)) {
    if (!known.length)
      throw new Error(
        `the world has no ${param.name} to draw; a ${param.name} is never generated from its schema`,
      );
    return fc.constantFrom(...known);
  }
  const own = schemaArbitrary(param.schema);
  if (!known.length) return own;
  const schema = resolve<Schema>(loadSpec(), param.schema as Schema);
  // The operation's own declared values weigh as much as all the world's others.
  const declared = [...new Set(accepted(samples[declaredOf(operationId, param.name)]))];
  const sample =
    declared.length && schema.type !== 'array'
      ? fc.oneof(fc.constantFrom(...declared), fc.constantFrom(...known))
      : fc.constantFrom(...known);
  const bounds = { minLength: 1, maxLength: 12 };
  const list = schema.uniqueItems ? fc.uniqueArray(sample, bounds) : fc.array(sample, bounds);
  const fromWorld = schema.type === 'array' ? list : sample;
  return fc.oneof({ weight: 3, arbitrary: fromWorld }, { weight: 1, arbitrary: own });
}

/** Query pairs for an array parameter, in any of the forms the spec allows: repeated, comma list, or both. */
function listPairs(name: string, values: string[]): fc.Arbitrary<[string, string][]> {
  return fc.constantFrom('repeat', 'comma', 'mixed').map((style) => {
    if (style === 'comma') return [[name, values.join(',')]];
    if (style === 'repeat' || values.length < 2) return values.map((v) => [name, v] as [string, string]);
    return [
      [name, values.slice(0, 2).join(',')],
      ...values.slice(2).map((v) => [name, v] as [string, string]),
    ];
  });
}

/** Drops a parameter from each combination the spec's `x-parameter-conflicts` forbids. */
function withoutConflicts(
  op: Operation,
  values: Record<string, Value | undefined>,
): Record<string, Value | undefined> {
  const out = { ...values };
  for (const conflict of op.conflicts) {
    const clash =
      conflict.parameters.every((name) => out[name] !== undefined) &&
      Object.entries(conflict.when ?? {}).every(([name, v]) => out[name] === String(v));
    if (clash) delete out[conflict.parameters[0] as string];
  }
  return out;
}

/** Path parameters drawn together from `related` when it covers them all, else none. */
function relatedPath(
  op: Operation,
  related: Record<string, string>[],
): fc.Arbitrary<Record<string, string>> | undefined {
  const names = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const usable = names.length > 1 ? related.filter((r) => names.every((n) => n in r)) : [];
  if (!usable.length) return undefined;
  return fc.constantFrom(...usable).map((r) => Object.fromEntries(names.map((n) => [n, r[n] as string])));
}

/** A request the spec accepts for `op`: required parameters always, optional ones sometimes. */
export function arbitraryValidRequest(op: Operation, samples: WorldSamples): fc.Arbitrary<FuzzRequest> {
  const values: Record<string, string[]> = {
    ...samples.values,
    cursor: samples.values[cursorsOf(op.operationId)] ?? [],
  };
  // An optional parameter drawn from the world only is left out where the world has none.
  const drawable = op.parameters.filter(
    (p) => p.required || !FROM_WORLD_ONLY.has(p.name) || values[p.name]?.length,
  );
  const fields = Object.fromEntries(
    drawable.map((p) => [
      p.name,
      p.required
        ? parameterArbitrary(p, values, op.operationId)
        : fc.option(parameterArbitrary(p, values, op.operationId), { nil: undefined }),
    ]),
  );
  const independent = fc.record(fields as Record<string, fc.Arbitrary<Value | undefined>>);
  const together = relatedPath(op, samples.related);
  return (
    together
      ? fc.oneof(
          independent,
          fc.tuple(independent, together).map(([values, path]) => ({ ...values, ...path })),
        )
      : independent
  )
    .map((values) => withoutConflicts(op, values))
    .filter((values) => op.oneOf.every((group) => group.some((name) => values[name] !== undefined)))
    .chain((values) => {
      // An empty list is the parameter left out (`name=` would be one empty value).
      const queryParams = op.parameters.filter((p) => {
        const v = values[p.name];
        return p.in === 'query' && v !== undefined && !(Array.isArray(v) && v.length === 0);
      });
      const pairs = queryParams.map((p) => {
        const v = values[p.name] as Value;
        return Array.isArray(v) ? listPairs(p.name, v) : fc.constant([[p.name, v] as [string, string]]);
      });
      return fc.tuple(...pairs).map((parts) =>
        printable({
          op,
          path: Object.fromEntries(
            op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, values[p.name] as string]),
          ),
          query: parts.flat(),
          headers: {},
        }),
      );
    });
}

/** A valid request for any operation of the spec (each operation's generator built once: they are not cheap). */
export function anyValidRequest(ops: Operation[], samples: WorldSamples): fc.Arbitrary<FuzzRequest> {
  // The fuzzers send reads; a POST changes the chain, and its requests have tests of their own.
  return fc.oneof(...ops.filter((op) => op.method === 'get').map((op) => arbitraryValidRequest(op, samples)));
}
