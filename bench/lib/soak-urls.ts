import { httpClient, type HttpClient } from '../../spec/http/client.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import { listOperations, urlFor, type Operation } from '../../spec/load.ts';
import type { WorldCatalogue } from '../../mocks/query/catalogue.ts';
import {
  validRequests,
  validRequestUrl,
  type ValidRequest,
  type WorldView,
} from '../../spec/valid-requests/valid-requests.ts';

/** Distinct paths per operation with more than one: six such lists hold more answers than the response cache. */
const PER_OPERATION = 220;
/** How many requests of each kind of entity get the paging and point-in-time variants. */
const VARIED = 6;
/** Heights past the tip asked for, so block routes answer 404 too. */
const PAST_TIP = 20;

/** `count` items taken round-robin from the variants, so each variant is represented however short the list. */
function mix(variants: string[][], count = PER_OPERATION): string[] {
  const out = new Set<string>();
  const longest = Math.max(0, ...variants.map((v) => v.length));
  for (let i = 0; i < longest && out.size < count; i++) {
    for (const v of variants) if (i < v.length && out.size < count) out.add(v[i] as string);
  }
  return [...out];
}

/**
 * World views of one entity each, on top of the catalogue's own facts: every notable standard
 * address in each address role, every transaction (the STX-active address's with it as their address), every
 * height and then heights past the tip, and transaction ids the world never saw: found and missed
 * (404) alike.
 */
function entityViews(catalogue: WorldCatalogue, addressTxs: string[]): WorldView[][] {
  const { addresses, transactions, block_samples, blocks, assets } = catalogue;
  const stx = addresses.stx_activity;
  const base: WorldView = {
    stx_activity: stx,
    busiest: addresses.busiest,
    ft_activity: addresses.ft_activity || stx,
    nft_activity: addresses.nft_activity || stx,
    ...(assets.ft[0] ? { ft_asset: assets.ft[0] } : {}),
    mempool: transactions.mempool.pending,
    block_height: block_samples.middle.height,
    block_hash: block_samples.middle.hash,
  };
  const ids = [
    ...new Set([
      ...Object.values(transactions.by_type).flat(),
      ...Object.values(transactions.by_status).flat(),
      ...transactions.mempool.pending,
    ]),
  ];
  const unknownTx = (i: number): string => `0x${i.toString(16).padStart(64, 'f')}`;
  const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
  // The views' address roles are standard addresses: a contract principal is no account to ask nonces of.
  const principals = Object.entries(addresses).flatMap(([role, p]) =>
    p && role !== 'contract_principal' ? [p] : [],
  );
  const txView = (id: string): WorldView => ({
    ...base,
    tx_ids: [id],
    address_tx: { address: stx, tx_id: id },
  });
  return [
    principals.map((p) => ({
      ...base,
      stx_activity: p,
      busiest: p,
      ft_activity: p,
      nft_activity: p,
      locked_stx: p,
      tx_ids: ids.slice(0, 1),
    })),
    addressTxs.map(txView),
    ids.map((id, i) => ({ ...txView(id), tx_ids: ids.slice(i, i + 2) })),
    range(blocks).map((i) => ({ ...base, tx_ids: ids.slice(0, 1), block_height: blocks - i })),
    range(PAST_TIP).map((i) => ({ ...base, tx_ids: ids.slice(0, 1), block_height: blocks + 1 + i })),
    Object.values(block_samples).map((b) => ({ ...base, tx_ids: ids.slice(0, 1), block_hash: b.hash })),
    range(5).map((i) => txView(unknownTx(i))),
  ];
}

/** The values a query parameter of these names takes beyond a valid request's: pages, past blocks, the microblocks. */
function variantValues(name: string, blocks: number): (string | number | boolean)[] {
  const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
  if (name === 'offset') return range(40).map((page) => (page + 1) * 20);
  if (name === 'until_block') return range(40).map((i) => Math.max(1, blocks - i * 7));
  if (name === 'unanchored') return [true];
  return [];
}

/**
 * Each valid request with one of its operation's paging or point-in-time query parameters set
 * (`offset`, `until_block`, `unanchored`), one variant list per parameter; never beside a
 * parameter the spec says it may not come with (`x-parameter-conflicts`).
 */
function queryVariants(op: Operation, requests: ValidRequest[], blocks: number): ValidRequest[][] {
  return op.parameters
    .filter((p) => p.in === 'query')
    .map(({ name, schema }) => {
      const { maximum = Infinity } = (schema ?? {}) as { maximum?: number };
      // Within the parameter's bounds: the real service refuses an offset past its maximum.
      const values = variantValues(name, blocks).filter((v) => typeof v !== 'number' || v <= maximum);
      return { name, values };
    })
    .map(({ name, values }) =>
      requests.flatMap((r) => {
        const query = (r.query ?? {}) as Record<string, unknown>;
        const clashes = op.conflicts.some(
          (c) =>
            c.parameters.includes(name) && c.parameters.some((other) => other !== name && other in query),
        );
        if (clashes || name in query) return [];
        return values.map(
          (value) => ({ ...r, query: { ...query, [name]: value } }) as unknown as ValidRequest,
        );
      }),
    );
}

/**
 * Many distinct URLs per operation, found and missed (404), so the soak walks more answers than
 * the response cache holds (its evictions run all along) and memory has every reason to grow if
 * anything leaks: each GET's declared valid requests (spec/valid-requests/) on every entity view,
 * taken round-robin from each kind of entity, for the operations the mock offers a sample of (GET
 * / leaves out what changes the chain). An operation none of them builds a request of is left to
 * its sample.
 */
function variety(
  catalogue: WorldCatalogue,
  addressTxs: string[],
  sampled: ReadonlySet<string>,
): Record<string, string[]> {
  // No list takes more than its share: each kind's first views are enough.
  const kinds = entityViews(catalogue, addressTxs).map((views) => views.slice(0, PER_OPERATION));
  const out: Record<string, string[]> = {};
  for (const op of listOperations().filter((o) => sampled.has(o.operationId))) {
    const requests = kinds.map((views) =>
      views.flatMap((view) => validRequests(op.operationId, view).requests ?? []),
    );
    const url = (r: ValidRequest): string => validRequestUrl(urlFor, op.operationId, r);
    const mixed = mix(
      [
        ...requests,
        ...queryVariants(
          op,
          requests.flatMap((rs) => rs.slice(0, VARIED)),
          catalogue.blocks,
        ),
      ].map((rs) => [...new Set(rs.map(url))]),
    );
    if (mixed.length > 1) out[op.operationId] = mixed;
  }
  return out;
}

/** Takes from each operation's list in turn, so every stretch of the run loads all eight equally. */
function interleave(lists: string[][]): string[] {
  const longest = Math.max(...lists.map((l) => l.length));
  const out: string[] = [];
  for (let i = 0; i < longest; i++) for (const list of lists) out.push(list[i % list.length] as string);
  return out;
}

export interface SoakTargets {
  /** Paths in the order each connection walks them. */
  paths: string[];
  /** Distinct paths per operation, and how many the mock answered 404 to when checked. */
  perOperation: Record<string, { paths: number; notFound: number }>;
}

/**
 * The soak's request list, from the running mock's world catalogue. Every path is tried once first:
 * anything but 200 or 404 fails the soak before it starts, as does an operation with no 200.
 */
export async function soakTargets(baseUrl: string): Promise<SoakTargets> {
  const client = httpClient(baseUrl, { timeoutMs: 10_000 });
  try {
    return await targetsOf(client);
  } finally {
    await client.close();
  }
}

/** `soakTargets` through one client of the mock. */
async function targetsOf(client: HttpClient): Promise<SoakTargets> {
  const get = (target: string): Promise<HttpResponse> => client.get(target, { accept: 'application/json' });
  const catalogue = (await get('/_mock/world')).body as WorldCatalogue;
  const page = (
    await get(
      urlFor('get_account_transactions_with_transfers', {
        path: { principal: catalogue.addresses.stx_activity },
        query: { limit: 50 },
      }),
    )
  ).body as { results: { tx: { tx_id: string } }[] };
  const addressTxs = page.results.map((r) => r.tx.tx_id);
  if (!addressTxs.length) throw new Error('the world gave stx_activity no transaction');
  // Every read of the spec: its variety where the soak has one, else the mock's own sample (GET /
  // lists the first valid request each declares, spec/valid-requests/), so a new operation is
  // soaked without a line here. The soak sends GETs: a POST's requests have tests of their own.
  const { samples } = (await get('/')).body as { samples: Record<string, string> };
  const varied = variety(catalogue, addressTxs, new Set(Object.keys(samples)));
  const lists: Record<string, string[]> = Object.fromEntries(
    listOperations()
      .filter((op) => op.method === 'get')
      .map((op) => [op.operationId, varied[op.operationId] ?? [samples[op.operationId] ?? '']]),
  );
  const missing = Object.entries(lists).filter(([, paths]) => !paths[0]);
  if (missing.length)
    throw new Error(
      `no request for ${missing.map(([id]) => id).join(', ')}: the mock's GET / has no sample for it`,
    );
  const perOperation: SoakTargets['perOperation'] = {};
  for (const [operationId, paths] of Object.entries(lists)) {
    let notFound = 0;
    for (const path of paths) {
      const { status } = await get(path);
      if (status === 404) notFound++;
      else if (status !== 200)
        throw new Error(`${operationId}: ${path} answers ${status} before the soak started`);
    }
    if (notFound === paths.length) throw new Error(`${operationId}: every path answers 404`);
    perOperation[operationId] = { paths: paths.length, notFound };
  }
  return { paths: interleave(Object.values(lists)), perOperation };
}
