import { badRequestCases } from '../contract-tests/cases/bad-requests.ts';
import { operation, requestPath, type Query } from '../contract-tests/spec-context.ts';
import type { WorldCatalogue } from '../mocks/query/catalogue.ts';
import { blockHash, indexBlockHash } from '../mocks/serialize/block.ts';
import { tipHeight, type Chain } from '../mocks/world/tables/chain.ts';
import { successorRequests } from './successor-requests.ts';

/** One request of the differential run: which operation, which group of requests, and its path. */
export interface DiffRequest {
  operationId: string;
  /** What the request stands for, e.g. `block by hash`, `first page`, `bad input`. */
  group: string;
  path: string;
}

/** How many ids one `tx/multiple` request asks for. */
export const TX_BATCH = 20;
/** The page size of a full walk (the operation's maximum). */
export const WALK_LIMIT = 50;

function request(
  operationId: string,
  group: string,
  path: Record<string, string>,
  query: Query = {},
): DiffRequest {
  return { operationId, group, path: requestPath(operation(operationId), path, query) };
}

/**
 * The requests sent to both services, in a fixed order: every operation; every notable address of
 * the world catalogue (and a world file's accounts) with its balances, first page and full walk of
 * transactions with transfers; each mined transaction's with_transfers and events for its sender;
 * every block by height, hash and index block hash; every transaction through `tx/multiple` in
 * batches; the bad inputs the contract suite sends; then the routes beside the eight that the
 * release serves (`successorRequests`).
 */
export function buildRequests(
  chain: Chain,
  catalogue: WorldCatalogue,
  historyTotals: ReadonlyMap<string, number>,
  release: string,
): DiffRequest[] {
  const out: DiffRequest[] = [];
  out.push(request('get_status', 'status', {}));
  out.push(request('get_mempool_transaction_stats', 'mempool stats', {}));
  const tip = tipHeight(chain);
  out.push(request('get_block', 'latest', { height_or_hash: 'latest' }));
  for (let h = 1; h <= tip; h++) {
    out.push(request('get_block', 'block by height', { height_or_hash: String(h) }));
    out.push(request('get_block', 'block by hash', { height_or_hash: blockHash(chain, h) }));
    out.push(request('get_block', 'block by index block hash', { height_or_hash: indexBlockHash(chain, h) }));
  }
  const ids: string[] = [];
  for (let tx = 0; tx < chain.txs.count; tx++) ids.push(chain.txs.idHex(tx));
  for (let tx = 0; tx < chain.mempool.count; tx++) ids.push(chain.mempool.idHex(tx));
  for (let i = 0; i < ids.length; i += TX_BATCH)
    out.push(request('get_tx_list_details', 'batch', {}, { tx_id: ids.slice(i, i + TX_BATCH) }));
  for (const address of notableAddresses(catalogue)) {
    // The address the world has never seen answers with other headers: a group of its own.
    const unseen = address === catalogue.addresses.unknown;
    const group = (g: string): string => (unseen ? `unknown address, ${g}` : g);
    out.push(
      request('get_account_balance', unseen ? 'unknown address' : 'notable address', { principal: address }),
    );
    out.push(request('get_account_transactions_with_transfers', group('first page'), { principal: address }));
    // Every page of the history, then one past its end.
    const total = historyTotals.get(address) ?? 0;
    for (let offset = 0; offset <= total; offset += WALK_LIMIT)
      out.push(
        request(
          'get_account_transactions_with_transfers',
          group('full walk'),
          { principal: address },
          { limit: String(WALK_LIMIT), offset: String(offset) },
        ),
      );
  }
  for (let tx = 0; tx < chain.anchoredCount; tx++) {
    const sender = chain.principals.name(chain.txs.sender[tx] as number);
    const txId = chain.txs.idHex(tx);
    out.push(request('get_single_transaction_with_transfers', 'sender', { principal: sender, tx_id: txId }));
    out.push(request('get_address_transaction_events', 'sender', { address: sender, tx_id: txId }));
  }
  out.push(...badInputs(chain, catalogue));
  out.push(...successorRequests(chain, catalogue, notableAddresses(catalogue), release));
  return out;
}

/** The world catalogue's notable addresses and a world file's accounts, each once. */
export function notableAddresses(catalogue: WorldCatalogue): string[] {
  return [
    ...new Set([...Object.values(catalogue.addresses), ...catalogue.declared.accounts.map((a) => a.address)]),
  ];
}

/** The suite's bad inputs (spec/invalid-requests), each built on a valid request of this world. */
function badInputs(chain: Chain, catalogue: WorldCatalogue): DiffRequest[] {
  const address = catalogue.addresses.busiest;
  const txId = chain.txs.idHex(0);
  const valid: Record<string, { path: Record<string, string>; query: Query }> = {
    get_block: { path: { height_or_hash: String(catalogue.block_samples.middle.height) }, query: {} },
    get_tx_list_details: { path: {}, query: { tx_id: txId } },
    get_mempool_transaction_stats: { path: {}, query: {} },
    get_status: { path: {}, query: {} },
    get_address_transaction_events: { path: { address, tx_id: txId }, query: { limit: '20', offset: '0' } },
    get_account_transactions_with_transfers: {
      path: { principal: address },
      query: { limit: '20', offset: '0', unanchored: 'false' },
    },
    get_account_balance: { path: { principal: address }, query: { unanchored: 'false' } },
    get_single_transaction_with_transfers: { path: { principal: address, tx_id: txId }, query: {} },
  };
  const examples: Record<string, string[]> = {
    until_block: [String(catalogue.block_samples.middle.height)],
    height: [String(catalogue.block_samples.middle.height)],
    unanchored: ['true'],
  };
  const out: DiffRequest[] = [];
  for (const [operationId, request] of Object.entries(valid))
    for (const c of badRequestCases(operation(operationId), request, examples))
      out.push({
        operationId,
        group: 'bad input',
        path: requestPath(operation(operationId), c.path, c.query),
      });
  return out;
}
