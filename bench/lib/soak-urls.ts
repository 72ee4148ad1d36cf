import { httpClient, type HttpClient } from '../../spec/http/client.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import { listOperations, urlFor } from '../../spec/load.ts';
import type { WorldCatalogue } from '../../mocks/query/catalogue.ts';

/** Distinct paths per operation with more than one: six such lists hold more answers than the response cache. */
const PER_OPERATION = 220;

/** `count` items taken round-robin from the variants, so each variant is represented however short the list. */
function mix(variants: string[][], count = PER_OPERATION): string[] {
  const out = new Set<string>();
  const longest = Math.max(...variants.map((v) => v.length));
  for (let i = 0; i < longest && out.size < count; i++) {
    for (const v of variants) if (i < v.length && out.size < count) out.add(v[i] as string);
  }
  return [...out];
}

/**
 * Many distinct URLs per operation, found and missed (404), so the soak walks more answers than
 * the response cache holds (its evictions run all along) and memory has every reason to grow if
 * anything leaks.
 */
function variety(catalogue: WorldCatalogue, addressTxs: string[]): Record<string, string[]> {
  const { addresses, transactions, block_samples, blocks } = catalogue;
  const principals = Object.values(addresses).filter(Boolean);
  const ids = [
    ...new Set([
      ...Object.values(transactions.by_type).flat(),
      ...Object.values(transactions.by_status).flat(),
      ...transactions.mempool.pending,
    ]),
  ];
  const unknownTx = (i: number): string => `0x${i.toString(16).padStart(64, 'f')}`;
  const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
  const stx = addresses.stx_activity;
  const block = (ref: string | number): string => urlFor('get_block', { path: { height_or_hash: ref } });
  const txs = (query: { tx_id: string; event_limit?: number }): string =>
    urlFor('get_tx_list_details', { query });
  const events = (tx: string, query?: { limit: number }): string =>
    urlFor('get_address_transaction_events', {
      path: { address: stx, tx_id: tx },
      ...(query ? { query } : {}),
    });
  const balances = (p: string, query?: { unanchored?: boolean; until_block?: number }): string =>
    urlFor('get_account_balance', { path: { principal: p }, ...(query ? { query } : {}) });
  const withTransfers = (tx: string): string =>
    urlFor('get_single_transaction_with_transfers', { path: { principal: stx, tx_id: tx } });
  return {
    get_status: [urlFor('get_status')],
    get_block: mix([
      range(blocks).map((i) => block(blocks - i)),
      ['latest', block_samples.middle.hash, block_samples.first.index_block_hash].map(block),
      range(20).map((i) => block(blocks + 1 + i)),
    ]),
    get_tx_list_details: mix([
      ids.map((id) => txs({ tx_id: id })),
      ids.slice(1).map((id, i) => txs({ tx_id: `${ids[i]},${id}`, event_limit: 5 })),
      range(5).map((i) => txs({ tx_id: unknownTx(i) })),
    ]),
    get_mempool_transaction_stats: [urlFor('get_mempool_transaction_stats')],
    get_address_transaction_events: mix([
      ...[20, 10, 5, 1].map((limit) => addressTxs.map((tx) => events(tx, { limit }))),
      range(5).map((i) => events(unknownTx(i))),
    ]),
    get_account_transactions_with_transfers: mix(
      range(40).map((page) =>
        principals.map((p) =>
          urlFor('get_account_transactions_with_transfers', {
            path: { principal: p },
            query: { offset: page * 20 },
          }),
        ),
      ),
    ),
    get_account_balance: mix([
      principals.map((p) => balances(p)),
      principals.map((p) => balances(p, { unanchored: true })),
      ...range(40).map((i) =>
        principals.map((p) => balances(p, { until_block: Math.max(1, blocks - i * 7) })),
      ),
    ]),
    get_single_transaction_with_transfers: mix([
      addressTxs.map((tx) => withTransfers(tx)),
      addressTxs.map((tx) => withTransfers(tx.slice(2))),
      addressTxs.map((tx) => withTransfers(tx.toUpperCase().replace('0X', '0x'))),
      addressTxs.map((tx) => withTransfers(tx.slice(2).toUpperCase())),
      range(5).map((i) => withTransfers(unknownTx(i))),
    ]),
  };
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
  const varied = variety(catalogue, addressTxs);
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
