import { httpClient } from '../spec/http/client.ts';
import type { HttpRequest } from '../spec/http/request.ts';
import { withoutHeaders, type HttpResponse } from '../spec/http/response.ts';
import type { WorldQueries } from '../mocks/query/world-queries.ts';
import { sampleUrls } from '../mocks/sample-urls.ts';
import { worldViewOf } from '../mocks/world-view.ts';
import { parameterExamples } from '../spec/valid-requests/valid-requests.ts';
import {
  listOperations,
  loadSpec,
  resolve,
  type Operation,
  type Parameter,
  type Schema,
  urlFor,
} from '../spec/load.ts';
import type { Mutation, MutationInput } from '../spec/invalid-requests/mutation.ts';
import { MUTATIONS } from '../spec/invalid-requests/mutations.ts';
import { requestUrl, type RequestParts } from '../spec/invalid-requests/request-parts.ts';
import { createSpecAjv } from '../spec/schemas.ts';

/** The same Host to both mocks, so that a page naming its own origin names the same one. */
const HOST = '127.0.0.1:3999';
const CLOCK = new Set(['date']);

/**
 * Sends the request over a new connection with the one HTTP client and reads the answer, its
 * `Date` left out (the one header that differs by the clock).
 */
export async function answerTo(baseUrl: string, req: HttpRequest): Promise<HttpResponse> {
  const client = httpClient(baseUrl, { keepAlive: false });
  const res = await client.send({ ...req, headers: { Host: HOST, Connection: 'close', ...req.headers } });
  return withoutHeaders(res, CLOCK);
}

/**
 * The requests of a default-world mock: one sample of every operation and its variations (pages,
 * unanchored, until_block, events' pages, unknown ids), every 400 the spec's own rules give for
 * each operation (the mutations of spec/invalid-requests/, on valid values from the world), the
 * documents and pages outside the API, errors on demand, CORS, HEAD, 405 and 404.
 */
export function answerRequests(world: WorldQueries): HttpRequest[] {
  const catalogue = world.catalogue();
  const { addresses, transactions, block_samples, tip } = catalogue;
  const samples = Object.values(sampleUrls(world, urlFor));
  const txId = transactions.by_type.token_transfer?.[0] ?? '';
  const block = (ref: string | number): string => urlFor('get_block', { path: { height_or_hash: ref } });
  const history = (principal: string, query: Record<string, string | number | boolean>): string =>
    urlFor('get_account_transactions_with_transfers', { path: { principal }, query });
  const balances = (principal: string, query: Record<string, string | boolean> = {}): string =>
    urlFor('get_account_balance', { path: { principal }, query });
  const txs = (tx_id: string | string[], query: Record<string, number | boolean> = {}): string =>
    urlFor('get_tx_list_details', { query: { tx_id, ...query } });
  const gets = [
    ...samples,
    block('latest'),
    block(block_samples.first.height),
    block(tip.hash),
    block(tip.height + 1),
    block(`0x${'00'.repeat(32)}`),
    history(addresses.busiest, { limit: 50, offset: 3 }),
    history(addresses.busiest, { unanchored: true }),
    history(addresses.busiest, { until_block: block_samples.middle.height }),
    balances(addresses.busiest, { until_block: block_samples.middle.hash }),
    balances(addresses.busiest, { unanchored: true }),
    balances(addresses.unknown),
    balances(addresses.contract_principal),
    balances(addresses.vesting),
    history(addresses.ft_activity, { limit: 5 }),
    history(addresses.nft_activity, { limit: 5 }),
    txs(txId, { event_limit: 2, event_offset: 1 }),
    txs([...transactions.mempool.pending, ...transactions.mempool.dropped]),
    txs(`0x${'ab'.repeat(32)}`, { unanchored: true }),
    ...Object.values(transactions.by_type).flatMap((ids) => ids.slice(0, 2).map((id) => txs(id))),
    urlFor('get_address_transaction_events', {
      path: { address: addresses.busiest, tx_id: `0x${'ab'.repeat(32)}` },
    }),
    '/',
    '/openapi.json',
    '/openapi.yaml',
    '/_mock/world',
    '/_mock/world.schema.json',
    '/_mock/openapi.yaml',
    '/_mock/ui/page.css',
    '/_mock/ui/reference',
    '/_mock/ui/live?after=1000000',
    '/_mock/ui/live?after=x',
    '/no/such/route',
    `${block('latest')}?limit=3&unknown=1`,
  ];
  return [
    ...gets.map((target): HttpRequest => ({ method: 'GET', target })),
    ...invalidRequests(
      parameterExamples(worldViewOf(world), { principal: addresses.busiest, tx_id: txId }),
    ).map((target): HttpRequest => ({
      method: 'GET',
      target,
    })),
    { method: 'GET', target: '/', headers: { Accept: 'text/html' } },
    { method: 'GET', target: urlFor('get_status'), headers: { Prefer: 'code=503' } },
    { method: 'GET', target: block('latest'), headers: { Prefer: 'code=429' } },
    { method: 'GET', target: samples[0] ?? urlFor('get_status'), headers: { 'X-API-Key': 'some key' } },
    { method: 'HEAD', target: block('latest') },
    {
      method: 'OPTIONS',
      target: urlFor('get_status'),
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' },
    },
    { method: 'DELETE', target: urlFor('get_status') },
    {
      method: 'POST',
      target: '/_mock/mine',
      headers: { 'Content-Type': 'application/json' },
      body: '{"blocks":"x"}',
    },
    {
      method: 'POST',
      target: '/_mock/transactions',
      headers: { 'Content-Type': 'application/json' },
      body: '{"type":"token_transfer","sender":"x"}',
    },
  ];
}

/** After the chain moves: mine, then the samples again; a reorg and the samples; reset and the samples. */
export function movingRequests(world: WorldQueries): HttpRequest[] {
  const samples = Object.values(sampleUrls(world, urlFor)).map((target): HttpRequest => ({
    method: 'GET',
    target,
  }));
  const post = (target: string, body: string): HttpRequest => ({
    method: 'POST',
    target,
    headers: { 'Content-Type': 'application/json' },
    body,
  });
  return [
    post('/_mock/mine', '{"blocks":3}'),
    ...samples,
    { method: 'GET', target: urlFor('get_block', { path: { height_or_hash: 'latest' } }) },
    post('/_mock/reorg', '{"depth":2}'),
    ...samples,
    post('/_mock/reset', '{}'),
    ...samples,
  ];
}

/** Every 400 of the spec's own rules (parameter schemas, required, conflicts) for each operation, from valid `examples`. */
function invalidRequests(examples: Record<string, string[]>): string[] {
  const doc = loadSpec();
  const ajv = createSpecAjv(doc);
  // Whether a raw value fits the parameter as a string, a number or a boolean: enough to pick
  // values that break it (whether each is refused is what the mock under test answers).
  const accepts = (param: Parameter, raw: string): boolean => {
    const schema = resolve<Schema>(doc, param.schema as Schema);
    const target = schema.type === 'array' ? schema.items : param.schema;
    const readings: unknown[] = [raw];
    if (/^-?\d+(\.\d+)?$/.test(raw)) readings.push(Number(raw));
    if (raw === 'true' || raw === 'false') readings.push(raw === 'true');
    return readings.some((r) => ajv.compile(target)(r));
  };
  const valid = (op: Operation): RequestParts => ({
    path: Object.fromEntries(
      op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, examples[p.name]?.[0] ?? '']),
    ),
    query: op.parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p): [string, string] => [p.name, examples[p.name]?.[0] ?? '']),
    headers: {},
  });
  const cases = (m: Mutation, op: Operation) => {
    const input: MutationInput = { doc, op, valid: valid(op), examples, material: [], accepts };
    if (m.scope === 'request') return m.apply(input);
    return op.parameters
      .filter((p) => (p.in === 'path' || p.in === 'query') && m.appliesTo.includes(p.in))
      .flatMap((param) => m.apply({ ...input, param }));
  };
  return listOperations(doc).flatMap((op) =>
    MUTATIONS.filter((m) => !m.material && m.rule !== 'api-key').flatMap((m) =>
      cases(m, op).map((c) => requestUrl(op, c.request)),
    ),
  );
}
