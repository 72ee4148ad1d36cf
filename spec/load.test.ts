import { describe, expect, it } from 'vitest';
import { goldenFileOf, readGolden, type GoldenAnswer } from '../differential/golden.ts';
import { controlSpec } from '../mocks/control/control-spec.ts';
import { loadRealResponses } from '../testing/real-responses/real-responses.ts';
import {
  isRef,
  listOperations,
  loadSpec,
  operationById,
  resolve,
  type Document,
  type Operation,
} from './load.ts';
import { compareVersions, operationAsOf, operationsOf, RELEASES } from './releases/releases.ts';
import { isWrongMethod, operationRouterOf, splitTarget } from './request/routing.ts';

const goldens = new Map<string, GoldenAnswer[]>();
/** The real service's answers to the differential's requests on the default world, as a release (fixtures/golden/). */
function golden(version: string): GoldenAnswer[] {
  let answers = goldens.get(version);
  if (!answers)
    goldens.set(version, (answers = readGolden(goldenFileOf(version, 'default-mainnet')).answers));
  return answers;
}

function tinyDoc(extra: Record<string, unknown>): Document {
  return { openapi: '3.1.0', info: { title: 't', version: '1' }, ...extra } as Document;
}

describe('listOperations', () => {
  const operations = listOperations();
  const doc = loadSpec();
  /** An operation as the document writes it, keys and all. */
  const raw = (op: Operation): Record<string, unknown> =>
    (doc.paths as Record<string, Record<string, Record<string, unknown>>>)[op.path]?.[op.method] ?? {};

  it("routes each real answer's request to the operation it answers, and every operation has a 200 of the real service", () => {
    // The real service's own method, path and operationId for each route: as its facts recorded
    // them (testing/real-responses/), or as it answered the differential (the golden answers, GETs).
    const route = operationRouterOf(operations);
    const answered = new Set<string>();
    const requests = [
      ...loadRealResponses(),
      ...RELEASES.flatMap((r) =>
        golden(r.version).map((a) => ({
          name: `${r.version} ${a.path}`,
          operationId: a.operationId,
          request: `GET ${a.path}`,
          status: a.real.status,
        })),
      ),
    ];
    for (const { name, operationId, request, status } of requests) {
      if (status !== 200) continue;
      const [method = '', target = ''] = request.split(' ');
      const found = route(method, splitTarget(target).pathname);
      expect(found && !isWrongMethod(found) && found.route.operationId, name).toBe(operationId);
      answered.add(operationId);
    }
    expect([...answered].sort()).toEqual(operations.map((op) => op.operationId).sort());
    for (const op of operations) expect(op.operationId, op.path).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('resolves parameters and responses', () => {
    for (const op of operations) {
      expect(op.parameters.filter(isRef), op.operationId).toEqual([]);
      expect(Object.values(op.responses).filter(isRef), op.operationId).toEqual([]);
    }
    expect(operationById('get_block').parameters.map((p) => [p.name, p.in])).toEqual([
      ['height_or_hash', 'path'],
    ]);
    expect(operationById('get_block').responses['404']?.description).toMatch(/not found/i);
  });

  it.each(RELEASES.map((r) => r.version))(
    "%s: deprecates what the document's keys say, each naming replacement routes the release serves",
    (version) => {
      const served = operationsOf(operations, version);
      const routes = new Set(served.map((op) => `${op.method.toUpperCase()} ${op.path}`));
      const deprecated = served.filter((op) => op.deprecated);
      expect(deprecated.length).toBeGreaterThan(0);
      for (const op of served) {
        const since = raw(op)['x-deprecated-since'] as string | undefined;
        expect(op.deprecated, op.operationId).toBe(
          raw(op).deprecated === true && (since === undefined || compareVersions(version, since) >= 0),
        );
        if (!op.deprecated) expect(op.replacedBy, op.operationId).toBeUndefined();
      }
      for (const op of deprecated)
        for (const successor of op.replacedBy?.routes ?? [])
          expect(routes, op.operationId).toContain(successor);
    },
  );

  it.each(RELEASES.map((r) => r.version))(
    "%s: deprecates exactly the operations the real service's recorded 200s carry its Warning on (the golden answers)",
    (version) => {
      const asOf = new Map(operationsOf(operations, version).map((op) => [op.operationId, op]));
      const warned = new Map<string, boolean>();
      for (const answer of golden(version))
        if (answer.real.status === 200)
          warned.set(answer.operationId, answer.real.headers?.warning !== undefined);
      expect([...warned.values()]).toContain(true);
      for (const [operationId, warning] of warned)
        expect(asOf.get(operationId)?.deprecated, operationId).toBe(warning);
    },
  );

  it('names the replacements the real service named, release by release (examples)', () => {
    const asOf = (id: string, version: string) => operationAsOf(operationById(id), version);
    expect(asOf('get_account_balance', '9.0.2').replacedBy?.routes).toEqual([
      'GET /extended/v3/principals/{principal}/balances/stx',
      'GET /extended/v3/principals/{principal}/balances/ft',
      'GET /extended/v3/principals/{principal}/balances/nft',
    ]);
    expect(asOf('get_account_balance', '8.11.6').replacedBy?.routes).toEqual([
      'GET /extended/v2/addresses/{principal}/balances/stx',
      'GET /extended/v2/addresses/{principal}/balances/ft',
    ]);
    expect(asOf('get_single_transaction_with_transfers', '8.11.6').replacedBy?.operationId).toBe(
      'get_address_transaction_events',
    );
    // A parameter new in v9 is not one v8.11.6 has: it ignores it, as any unknown parameter.
    expect(asOf('get_tx_list_details', '8.11.6').parameters.map((p) => p.name)).not.toContain(
      'exclude_function_args',
    );
    expect(asOf('get_tx_list_details', '9.0.2').parameters.map((p) => p.name)).toContain(
      'exclude_function_args',
    );
  });

  it('parses x-parameter-conflicts', () => {
    expect(operationById('get_account_transactions_with_transfers').conflicts).toEqual([
      {
        parameters: ['height', 'until_block'],
        message: "can't handle until_block and block_height in the same request",
      },
      {
        parameters: ['unanchored', 'until_block'],
        when: { unanchored: true },
        message: "can't handle both 'unanchored=true' and 'until_block' in the same request",
      },
    ]);
    expect(operationById('get_account_balance').conflicts).toEqual([
      {
        parameters: ['unanchored', 'until_block'],
        when: { unanchored: true },
        message: "can't handle both 'unanchored=true' and 'until_block' in the same request",
      },
    ]);
    expect(operationById('get_account_nonces').conflicts).toEqual([
      {
        parameters: ['block_height', 'block_hash'],
        message: 'Multiple block query parameters specified',
      },
    ]);
    const addressAlone = 'The "address" filter cannot be specified with other address filters';
    expect(operationById('get_mempool_transaction_list').conflicts).toEqual([
      { parameters: ['address', 'sender_address'], message: addressAlone },
      { parameters: ['address', 'recipient_address'], message: addressAlone },
    ]);
    for (const op of operations)
      expect(op.conflicts.length > 0, op.operationId).toBe('x-parameter-conflicts' in raw(op));
  });

  it('marks the routes the real service forwards to its stacks-node (x-stacks-node), and only them', () => {
    expect(operations.filter((op) => op.stacksNode).length).toBeGreaterThan(0);
    for (const op of operations)
      expect(op.stacksNode === true, op.operationId).toBe(op.path.startsWith('/v2/'));
  });

  it('reads the ETag step (x-etag) of each operation whose 200 sends an ETag: every GET but the forwarded and the uncached', () => {
    for (const op of operations) {
      expect(op.etag === undefined, op.operationId).toBe(!('ETag' in (op.responses['200']?.headers ?? {})));
      // The stacks-node's routes, as the real service proxies them, the POSTs, and the routes its
      // description says the real service does not cache send none.
      const uncached = /Not cached by the real service \(`Cache-Control: no-store`, no `ETag`\)/.test(
        String(raw(op).description ?? '').replace(/\s+/g, ' '),
      );
      expect(op.etag === undefined, op.operationId).toBe(
        op.method === 'post' || op.stacksNode === true || uncached,
      );
    }
    expect(operationById('get_principal_stx_balance').etag).toEqual({
      from: 'principal',
      withMempoolParam: 'include_mempool',
      before: { '9.0.0': 'chain-tip' },
    });
    expect(operationById('get_block').etag).toEqual({ from: 'block' });
  });

  it('refuses an x-etag with a step it does not know, in one line naming the known ones', () => {
    const withEtag = (etag: unknown): Document =>
      tinyDoc({ paths: { '/x': { get: { operationId: 'x', 'x-etag': etag, responses: {} } } } });
    expect(() => listOperations(withEtag({ from: 'principals' }))).toThrow(
      'GET /x: x-etag.from is "principals", not one of chain-tip, mempool, transaction, block, principal, principal-mempool',
    );
    expect(() => listOperations(withEtag({ from: 'principal', before: { '9.0.0': 'tip' } }))).toThrow(
      /GET \/x: x-etag.before\['9.0.0'\] is "tip"/,
    );
    expect(() => listOperations(withEtag('principal'))).toThrow(/GET \/x: x-etag must be an object/);
  });

  it('merges path-level parameters with the operation parameters', () => {
    const doc = tinyDoc({
      paths: {
        '/x/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true }],
          get: { operationId: 'x', responses: {} },
        },
      },
    });
    expect(listOperations(doc)[0]!.parameters.map((p) => p.name)).toEqual(['id']);
  });

  it('reads a document once: the same operations on every call, each in a list of the caller’s own', () => {
    const doc = tinyDoc({ paths: { '/x': { get: { operationId: 'x', responses: {} } } } });
    const first = listOperations(doc);
    first.pop();
    const again = listOperations(doc);
    expect(again).toHaveLength(1);
    expect(again[0]).toBe(listOperations(doc)[0]);
    expect(listOperations(structuredClone(doc))[0]).not.toBe(again[0]);
  });

  it('reads every method, a POST with its request body, and refuses an operation without operationId', () => {
    const schema = { type: 'object', properties: { blocks: { type: 'integer' } } };
    const [post] = listOperations(
      tinyDoc({
        paths: {
          '/x': {
            post: {
              operationId: 'x',
              requestBody: { required: true, content: { 'application/json': { schema } } },
              responses: {},
            },
          },
        },
      }),
    );
    expect(post).toMatchObject({
      method: 'post',
      requestBody: { required: true, mediaType: 'application/json', schema },
    });
    expect(() => listOperations(tinyDoc({ paths: { '/x': { get: { responses: {} } } } }))).toThrow(
      /GET \/x has no operationId/,
    );
  });

  it("reads the control plane's document with the same reader: its POSTs and their bodies", () => {
    const ops = listOperations(controlSpec());
    expect(ops.map((op) => `${op.method.toUpperCase()} ${op.path}`)).toEqual([
      'POST /_mock/mine',
      'POST /_mock/transactions',
      'POST /_mock/reorg',
      'POST /_mock/reset',
      'POST /_mock/prefer',
      'POST /_mock/clear-preferences',
      'POST /_mock/rate-limits',
    ]);
    expect(ops.find((op) => op.path === '/_mock/reorg')?.requestBody?.required).toBe(true);
  });

  it('operationById throws on an unknown id', () => {
    expect(() => operationById('get_everything')).toThrow(/no operation get_everything/);
  });
});

describe('resolve', () => {
  const doc = loadSpec();

  it('follows a $ref to the object it names', () => {
    expect(resolve<{ name: string }>(doc, { $ref: '#/components/parameters/Limit' }).name).toBe('limit');
  });

  it('follows chains of $refs and decodes ~1 and ~0', () => {
    const chained = tinyDoc({
      components: {
        schemas: {
          'a/b': { $ref: '#/components/schemas/c~0d' },
          'c~d': { $ref: '#/components/schemas/Final' },
          Final: { type: 'string' },
        },
      },
    });
    expect(resolve(chained, { $ref: '#/components/schemas/a~1b' })).toEqual({ type: 'string' });
  });

  it('returns a value that is not a $ref unchanged', () => {
    const value = { type: 'integer' };
    expect(resolve(doc, value)).toBe(value);
  });

  it('throws on an unresolvable, a non-local and a cyclic $ref', () => {
    expect(() => resolve(doc, { $ref: '#/components/schemas/Nope' })).toThrow(
      /unresolvable \$ref #\/components\/schemas\/Nope/,
    );
    expect(() => resolve(doc, { $ref: 'other.yaml#/components/schemas/Block' })).toThrow(/only local/);
    const cyclic = tinyDoc({ components: { schemas: { A: { $ref: '#/components/schemas/A' } } } });
    expect(() => resolve(cyclic, { $ref: '#/components/schemas/A' })).toThrow(/cycle/);
  });
});

describe('loadSpec', () => {
  it('parses spec/openapi.yaml once', () => {
    expect(loadSpec()).toBe(loadSpec());
    expect(loadSpec().openapi).toBe('3.1.0');
  });
});
