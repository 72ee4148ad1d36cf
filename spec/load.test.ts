import { describe, expect, it } from 'vitest';
import { isRef, listOperations, loadSpec, operationById, resolve, type Document } from './load.ts';
import { controlSpec } from '../mocks/control/control-spec.ts';
import { operationAsOf } from './releases/releases.ts';

/** The operationIds of the real service and its official client (real-service-facts.md). */
const REAL_OPERATION_IDS = {
  get_block: '/extended/v2/blocks/{height_or_hash}',
  get_tx_list_details: '/extended/v1/tx/multiple',
  get_mempool_transaction_stats: '/extended/v1/tx/mempool/stats',
  get_status: '/extended',
  get_address_transaction_events: '/extended/v2/addresses/{address}/transactions/{tx_id}/events',
  get_account_transactions_with_transfers: '/extended/v1/address/{principal}/transactions_with_transfers',
  get_account_balance: '/extended/v1/address/{principal}/balances',
  get_single_transaction_with_transfers: '/extended/v1/address/{principal}/{tx_id}/with_transfers',
  get_transaction_by_id: '/extended/v1/tx/{tx_id}',
  get_account_nonces: '/extended/v1/address/{principal}/nonces',
  run_faucet_stx: '/extended/v1/faucets/stx',
  // The successors the deprecations name (release 9.0.2's v3, and the v2 address routes).
  get_principal_transactions: '/extended/v3/principals/{principal}/transactions',
  get_principal_transaction_balance_changes:
    '/extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes',
  get_principal_balance_changes: '/extended/v3/principals/{principal}/balance-changes',
  get_principal_balances_stx: '/extended/v3/principals/{principal}/balances/stx',
  get_principal_balances_ft: '/extended/v3/principals/{principal}/balances/ft',
  get_principal_balance_ft: '/extended/v3/principals/{principal}/balances/ft/{asset_identifier}',
  get_principal_balances_nft: '/extended/v3/principals/{principal}/balances/nft',
  get_address_transactions: '/extended/v2/addresses/{address}/transactions',
  get_principal_stx_balance: '/extended/v2/addresses/{principal}/balances/stx',
  get_principal_ft_balances: '/extended/v2/addresses/{principal}/balances/ft',
  get_transaction: '/extended/v3/transactions/{tx_id}',
  get_principal_nonces: '/extended/v3/principals/{principal}/nonces',
  // The explorer's routes (issue 40); the token metadata service's keep its operationIds in snake_case.
  get_blocks: '/extended/v2/blocks',
  get_transactions_by_block: '/extended/v2/blocks/{height_or_hash}/transactions',
  get_burn_blocks: '/extended/v2/burn-blocks',
  get_burn_block: '/extended/v2/burn-blocks/{height_or_hash}',
  get_blocks_by_burn_block: '/extended/v2/burn-blocks/{height_or_hash}/blocks',
  get_mempool_fee_priorities: '/extended/v2/mempool/fees',
  get_pox_cycles: '/extended/v2/pox/cycles',
  get_pox_cycle: '/extended/v2/pox/cycles/{cycle_number}',
  get_pox_cycle_signers: '/extended/v2/pox/cycles/{cycle_number}/signers',
  get_transaction_list: '/extended/v1/tx',
  get_ft_metadata: '/metadata/v1/ft/{principal}',
  get_nft_metadata: '/metadata/v1/nft/{principal}/{token_id}',
  get_block_transactions: '/extended/v3/blocks/{height_or_hash}/transactions',
  get_transactions: '/extended/v3/transactions',
  // The routes real clients call beyond these (issue 40).
  get_network_block_times: '/extended/v1/info/network_block_times',
  get_mempool_transaction_list: '/extended/v1/tx/mempool',
  get_nft_holdings: '/extended/v1/tokens/nft/holdings',
  get_mempool_transactions: '/extended/v3/mempool/transactions',
  // The contract routes (issue 39).
  get_contract_by_id: '/extended/v1/contract/{contract_id}',
  get_contract_events_by_id: '/extended/v1/contract/{contract_id}/events',
};

/** The stacks-node's routes a wallet uses, which the real service proxies (operationIds ours, snake_case). */
const NODE_OPERATION_IDS = {
  get_account_info: '/v2/accounts/{principal}',
  get_fee_transfer: '/v2/fees/transfer',
  post_transaction: '/v2/transactions',
  post_fee_transaction: '/v2/fees/transaction',
  // The node's Clarity routes, /v2/info and /v2/pox (issue 39).
  call_read_only_function: '/v2/contracts/call-read/{contract_address}/{contract_name}/{function_name}',
  get_contract_interface: '/v2/contracts/interface/{contract_address}/{contract_name}',
  get_contract_source: '/v2/contracts/source/{contract_address}/{contract_name}',
  get_contract_data_var: '/v2/data_var/{contract_address}/{contract_name}/{var_name}',
  get_contract_data_map_entry: '/v2/map_entry/{contract_address}/{contract_name}/{map_name}',
  get_constant_val: '/v2/constant_val/{contract_address}/{contract_name}/{constant_name}',
  get_is_trait_implemented:
    '/v2/traits/{contract_address}/{contract_name}/{trait_contract_address}/{trait_contract_name}/{trait_name}',
  get_core_api_info: '/v2/info',
  get_pox_info: '/v2/pox',
};

/** The node's Clarity routes (issue 39). */
const CLARITY_NODE_OPERATIONS = Object.keys(NODE_OPERATION_IDS).slice(4);

/** The operations that take a body: a broadcast, a fee estimate's request, the faucet, a read-only call, a map key. */
const POSTED = [
  'post_transaction',
  'post_fee_transaction',
  'run_faucet_stx',
  'call_read_only_function',
  'get_contract_data_map_entry',
];

function tinyDoc(extra: Record<string, unknown>): Document {
  return { openapi: '3.1.0', info: { title: 't', version: '1' }, ...extra } as Document;
}

describe('listOperations', () => {
  const operations = listOperations();

  it('returns the operations with the real service operationIds and paths, and the node routes a wallet uses', () => {
    expect(Object.fromEntries(operations.map((op) => [op.operationId, op.path]))).toEqual({
      ...REAL_OPERATION_IDS,
      ...NODE_OPERATION_IDS,
    });
    for (const op of operations)
      expect([op.operationId, op.method]).toEqual([
        op.operationId,
        POSTED.includes(op.operationId) ? 'post' : 'get',
      ]);
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

  it('marks operations 5 to 8 deprecated as v9.0.2 does, each with its v3 replacement', () => {
    const deprecated = operations.filter((op) => op.deprecated).map((op) => op.operationId);
    expect(deprecated.sort()).toEqual([
      'get_account_balance',
      'get_account_nonces',
      'get_account_transactions_with_transfers',
      'get_address_transaction_events',
      'get_address_transactions',
      'get_contract_events_by_id',
      'get_mempool_transaction_list',
      'get_nft_holdings',
      'get_principal_ft_balances',
      'get_principal_stx_balance',
      'get_single_transaction_with_transfers',
      'get_transaction_by_id',
      'get_transaction_list',
      'get_transactions_by_block',
    ]);
    const v9 = operations.map((op) => operationAsOf(op, '9.0.2'));
    expect(
      Object.fromEntries(
        v9.filter((op) => op.deprecated).map((op) => [op.operationId, op.replacedBy?.routes]),
      ),
    ).toEqual({
      get_address_transaction_events: [
        'GET /extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes',
      ],
      get_account_transactions_with_transfers: ['GET /extended/v3/principals/{principal}/transactions'],
      get_account_balance: [
        'GET /extended/v3/principals/{principal}/balances/stx',
        'GET /extended/v3/principals/{principal}/balances/ft',
        'GET /extended/v3/principals/{principal}/balances/nft',
      ],
      get_single_transaction_with_transfers: [
        'GET /extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes',
      ],
      get_address_transactions: ['GET /extended/v3/principals/{principal}/transactions'],
      get_principal_stx_balance: ['GET /extended/v3/principals/{principal}/balances/stx'],
      get_principal_ft_balances: ['GET /extended/v3/principals/{principal}/balances/ft'],
      get_transaction_by_id: ['GET /extended/v3/transactions/{tx_id}'],
      get_account_nonces: ['GET /extended/v3/principals/{principal}/nonces'],
      get_transactions_by_block: ['GET /extended/v3/blocks/{height_or_hash}/transactions'],
      get_transaction_list: ['GET /extended/v3/transactions'],
      get_mempool_transaction_list: ['GET /extended/v3/mempool/transactions'],
      get_nft_holdings: ['GET /extended/v3/principals/{principal}/balances/nft'],
      get_contract_events_by_id: undefined,
    });
  });

  it('marks operations 6, 7 and 8 deprecated as v8.11.6 does, with the replacements it named', () => {
    const old = operations.map((op) => operationAsOf(op, '8.11.6'));
    expect(
      old
        .filter((op) => op.deprecated)
        .map((op) => op.operationId)
        .sort(),
    ).toEqual([
      'get_account_balance',
      'get_account_transactions_with_transfers',
      'get_single_transaction_with_transfers',
    ]);
    const byId = (id: string) => old.find((op) => op.operationId === id);
    expect(byId('get_single_transaction_with_transfers')?.replacedBy?.operationId).toBe(
      'get_address_transaction_events',
    );
    expect(byId('get_account_transactions_with_transfers')?.replacedBy?.routes).toEqual([
      'GET /extended/v2/addresses/{address}/transactions',
    ]);
    expect(byId('get_account_balance')?.replacedBy?.routes).toEqual([
      'GET /extended/v2/addresses/{principal}/balances/stx',
      'GET /extended/v2/addresses/{principal}/balances/ft',
    ]);
    for (const op of old.filter((o) => !o.deprecated)) expect(op.replacedBy, op.operationId).toBeUndefined();
    // A parameter new in v9 is not one v8.11.6 has: it ignores it, as any unknown parameter.
    expect(byId('get_tx_list_details')?.parameters.map((p) => p.name)).not.toContain('exclude_function_args');
    expect(
      operationAsOf(operationById('get_tx_list_details'), '9.0.2').parameters.map((p) => p.name),
    ).toContain('exclude_function_args');
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
    const withConflicts = [
      'get_account_transactions_with_transfers',
      'get_account_balance',
      'get_account_nonces',
      'get_mempool_transaction_list',
    ];
    const others = operations.filter((op) => !withConflicts.includes(op.operationId));
    for (const op of others) expect(op.conflicts, op.operationId).toEqual([]);
  });

  it('marks the routes the real service forwards to its stacks-node (x-stacks-node), and only them', () => {
    const forwarded = operations.filter((op) => op.stacksNode).map((op) => op.operationId);
    expect(forwarded.sort()).toEqual(
      [
        'get_account_info',
        'get_fee_transfer',
        'post_fee_transaction',
        'post_transaction',
        ...CLARITY_NODE_OPERATIONS,
      ].sort(),
    );
    for (const op of operations)
      expect(op.stacksNode === true, op.operationId).toBe(op.path.startsWith('/v2/'));
  });

  it('reads the ETag step (x-etag) of each operation whose 200 sends an ETag; none for the others', () => {
    for (const op of operations)
      expect(op.etag === undefined, op.operationId).toBe(!('ETag' in (op.responses['200']?.headers ?? {})));
    // The stacks-node's routes, as the real service proxies them, and the POSTs send none.
    expect(
      operations
        .filter((op) => op.etag === undefined)
        .map((op) => op.operationId)
        .sort(),
    ).toEqual(
      [...new Set([...POSTED, 'get_account_info', 'get_fee_transfer', ...CLARITY_NODE_OPERATIONS])].sort(),
    );
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
