import { describe, expect, it } from 'vitest';
import {
  listOperations,
  loadSpec,
  operationMatcher,
  resolve,
  type Operation,
  type Parameter,
  type Schema,
} from '../load.ts';
import { createSpecAjv } from '../schemas.ts';
import type { Mutation, MutationInput, OutcomeClass } from './mutation.ts';
import { MUTATIONS, SPEC_RULES } from './mutations.ts';
import { requestUrl, type RequestParts } from './request-parts.ts';

const doc = loadSpec();
const ajv = createSpecAjv(doc);
const ops = listOperations(doc);
const match = operationMatcher(ops);
/** The URL length this test holds for too long (the mock's limit is 8 KiB). */
const URL_LIMIT = 8 * 1024;

const principal = 'SP37P9XVCRM9NKJP6B3KB1W1R5J3EQSJ7YZ2RPZ07';
const hash = `0x${'ab'.repeat(32)}`;
const txId = `0x${'cd'.repeat(32)}`;
const examples: Record<string, string[]> = {
  // A contract too, for the routes that take a token contract (the token metadata).
  principal: [principal, `${principal}.some-token`],
  address: [principal],
  sender_address: [principal],
  recipient_address: [principal],
  tx_id: [txId],
  asset_identifier: [`${principal}.some-token::some-token`],
  token: [`${principal}.some-token::some-token`],
  height_or_hash: [hash],
  height: ['5'],
  until_block: [hash],
  block_height: ['5'],
  block_hash: [hash],
  limit: ['20'],
  cycle_number: ['3'],
  signer_key: [`0x02${'ab'.repeat(32)}`],
  token_id: ['1'],
  contract_id: [`${principal}.some-token`],
  contract_address: [principal],
  contract_name: ['some-token'],
  trait_contract_address: [principal],
  trait_contract_name: ['some-trait'],
  function_name: ['get-balance'],
  var_name: ['counter'],
  map_name: ['entries'],
  constant_name: ['owner'],
  trait_name: ['some-trait'],
  name: ['satoshi.btc'],
  blockchain: ['stacks'],
};
const material: Record<NonNullable<Mutation['material']>, string[]> = {
  'hostile-values': ['__proto__', '-1', 'SP\u0000', 'é'.repeat(300), ''],
  'api-keys': ['not-a-key', ' spaced ', 'x'.repeat(4_000)],
  padding: ['a'.repeat(9_000), '%00'.repeat(20_000)],
};

/** Every typed value a URL string can stand for: itself, a number, a boolean. */
function fits(param: Parameter, raw: string): boolean {
  const schema = resolve<Schema>(doc, param.schema as Schema);
  const readings: unknown[] = [raw];
  if (/^-?\d+(\.\d+)?$/.test(raw)) readings.push(Number(raw));
  if (raw === 'true' || raw === 'false') readings.push(raw === 'true');
  const target = schema.type === 'array' ? schema.items : param.schema;
  return readings.some((r) => ajv.compile(target)(r));
}

/** Why the spec refuses the request, read from the spec alone, as an outcome class; undefined: it accepts it. */
function refusal(op: Operation, r: RequestParts): OutcomeClass | undefined {
  const url = requestUrl(op, r);
  if (url.length > URL_LIMIT) return 'uri-too-long';
  if (r.headers['X-API-Key'] !== undefined) return 'forbidden';
  if (/[^\x20-\x7e]/.test(url)) return 'bad-request';
  const pathname = url.split('?')[0] ?? '';
  if (match(pathname) !== op) return 'not-found';
  try {
    decodeURIComponent(pathname);
  } catch {
    return 'bad-request';
  }
  for (const param of op.parameters) {
    const given =
      param.in === 'path'
        ? [r.path[param.name] ?? null]
        : r.query.filter(([k]) => k === param.name).map(([, v]) => v);
    if (given.length === 0) {
      if (param.required) return 'bad-request';
      continue;
    }
    const array = resolve<Schema>(doc, param.schema as Schema).type === 'array';
    if (given.length > 1 && !array) return 'bad-request';
    const values = given.flatMap((v) =>
      v === null ? [null] : param['x-comma-separated'] ? v.split(',') : [v],
    );
    if (values.some((v) => v === null || !fits(param, v))) return 'bad-request';
  }
  const present = (name: string): string | undefined => r.query.find(([k]) => k === name)?.[1] ?? undefined;
  for (const conflict of op.conflicts) {
    const clash =
      conflict.parameters.every((name) => present(name) !== undefined) &&
      Object.entries(conflict.when ?? {}).every(([name, v]) => present(name) === String(v));
    if (clash) return 'bad-request';
  }
  return undefined;
}

/** A request the spec accepts for `op`, from the examples. */
function validRequest(op: Operation): RequestParts {
  const path = Object.fromEntries(
    op.parameters
      .filter((p) => p.in === 'path')
      .map((p) => [p.name, examples[p.name]?.find((v) => fits(p, v)) ?? '']),
  );
  const query = op.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p): [string, string] => [p.name, examples[p.name]?.[0] ?? '']);
  return { path, query, headers: {} };
}

function casesOf(m: Mutation, op: Operation) {
  const input: MutationInput = {
    doc,
    op,
    valid: validRequest(op),
    examples,
    material: m.material ? material[m.material] : [],
    accepts: fits,
  };
  if (m.scope === 'request') return m.apply(input);
  return op.parameters
    .filter((p) => (p.in === 'path' || p.in === 'query') && m.appliesTo.includes(p.in))
    .flatMap((param) => m.apply({ ...input, param }));
}

describe('the valid requests the mutations start from', () => {
  it.each(ops.map((op) => [op.operationId, op] as const))('%s: the spec accepts it', (_, op) => {
    expect(refusal(op, validRequest(op))).toBeUndefined();
  });
});

describe('the registry of mutations', () => {
  it('names each mutation once', () => {
    expect(new Set(MUTATIONS.map((m) => m.name)).size).toBe(MUTATIONS.length);
  });

  it.each(MUTATIONS.map((m) => [m.name, m] as const))(
    '%s yields requests the spec refuses, with the outcome it declares',
    (_, m) => {
      const found = ops.flatMap((op) => casesOf(m, op).map((c) => ({ op, c })));
      expect(found.length, `${m.name} found nothing to break in any operation`).toBeGreaterThan(0);
      for (const { op, c } of found)
        expect(refusal(op, c.request), `${op.operationId}: ${c.label}`).toBe(m.outcome);
    },
  );

  it('leaves the suite the spec-rule mutations that need no made-up material, and only those', () => {
    const suite = MUTATIONS.filter((m) => SPEC_RULES.has(m.rule) && m.material === undefined).map(
      (m) => m.name,
    );
    expect(suite).toEqual([
      'below-minimum',
      'above-maximum',
      'not-a-number',
      'not-a-boolean',
      'not-in-enum',
      'pattern-mismatch',
      'one-character-short',
      'no-0x-prefix',
      'bad-checksum',
      'missing-required',
      'conflicting-parameters',
    ]);
  });

  it('never empties a path segment with a value mutation: that is another route, a 404', () => {
    const op = ops.find((o) => o.operationId === 'get_block')!;
    const param = op.parameters.find((p) => p.name === 'height_or_hash')!;
    const short = MUTATIONS.find((m) => m.name === 'one-character-short')!;
    const input = {
      doc,
      op,
      valid: validRequest(op),
      examples: { height_or_hash: ['7', hash] },
      material: [],
      accepts: fits,
      param,
    };
    expect(short.scope === 'parameter' && short.apply(input).map((c) => c.value)).toEqual([
      hash.slice(0, -1),
    ]);
  });

  it('drops a made-up value the spec accepts: no case for a 4xx', () => {
    const op = ops.find((o) => o.operationId === 'get_account_transactions_with_transfers')!;
    const limit = op.parameters.find((p) => p.name === 'limit')!;
    const hostile = MUTATIONS.find((m) => m.name === 'hostile-value')!;
    const input = {
      doc,
      op,
      valid: validRequest(op),
      examples,
      material: ['7', 'x'],
      accepts: fits,
      param: limit,
    };
    expect(hostile.scope === 'parameter' && hostile.apply(input).map((c) => c.value)).toEqual(['x']);
  });
});
