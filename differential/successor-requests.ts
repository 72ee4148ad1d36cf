import { operation, operations, requestPath, type Query } from '../contract-tests/spec-context.ts';
import type { WorldCatalogue } from '../mocks/query/catalogue.ts';
import type { Chain } from '../mocks/world/tables/chain.ts';
import type { DiffRequest } from './requests.ts';

/** How many ids one batch of balance changes asks for (the real service's maximum). */
const CHANGES_BATCH = 20;
/** One mined transaction in this many is asked for by id and for its sender's balance changes. */
const TX_STRIDE = 5;

/** Whether the spec has the operation and `release` serves it (`x-releases`; the eight have none). */
export function servedBy(operationId: string, release: string): boolean {
  const op = operations.find((o) => o.operationId === operationId) as { releases?: string[] } | undefined;
  return op !== undefined && (op.releases === undefined || op.releases.includes(release));
}

/**
 * The requests of the routes beside the description's eight, each only where the release serves
 * it and the spec has it: the successors the deprecations name (the v3 principal routes, the v2
 * address routes) for every notable address, the balance changes of one mined transaction in five
 * for its sender and of a batch per address, and the wallet's reads (a transaction by id, mined
 * or pending, and an address's nonces).
 */
export function successorRequests(
  chain: Chain,
  catalogue: WorldCatalogue,
  addresses: readonly string[],
  release: string,
): DiffRequest[] {
  const out: DiffRequest[] = [];
  const add = (id: string, group: string, path: Record<string, string>, query: Query = {}): void => {
    if (servedBy(id, release))
      out.push({ operationId: id, group, path: requestPath(operation(id), path, query) });
  };
  const sent = sentBy(chain);
  for (const principal of addresses) {
    // The v2 routes name the principal `address` or `principal`; fillPath takes the one it needs.
    const at = { principal, address: principal };
    add('get_principal_transactions', 'first page', at);
    add('get_principal_transactions', 'page of 50', at, { limit: '50' });
    add('get_principal_balances_stx', 'notable address', at);
    add('get_principal_balances_ft', 'notable address', at);
    add('get_principal_balances_nft', 'notable address', at);
    for (const asset of catalogue.assets.ft)
      add('get_principal_balance_ft', 'notable address', { ...at, asset_identifier: asset });
    const batch = (sent.get(principal) ?? []).slice(0, CHANGES_BATCH);
    if (batch.length > 0) add('get_principal_balance_changes', 'batch', at, { tx_id: batch.join(',') });
    add('get_address_transactions', 'first page', at);
    add('get_address_transactions', 'second page', at, { limit: '50', offset: '50' });
    add('get_principal_stx_balance', 'notable address', at);
    add('get_principal_stx_balance', 'with mempool', at, { include_mempool: 'true' });
    add('get_principal_ft_balances', 'notable address', at);
    add('get_account_nonces', 'notable address', at);
  }
  for (let tx = 0; tx < chain.anchoredCount; tx += TX_STRIDE) {
    const txId = chain.txs.idHex(tx);
    const principal = chain.principals.name(chain.txs.sender[tx] as number);
    add('get_principal_transaction_balance_changes', 'sender', { principal, tx_id: txId });
    add('get_transaction_by_id', 'mined', { tx_id: txId });
  }
  for (let tx = 0; tx < chain.mempool.count; tx++)
    add('get_transaction_by_id', 'mempool', { tx_id: chain.mempool.idHex(tx) });
  return out;
}

/** Each sender's mined transactions, oldest first. */
function sentBy(chain: Chain): Map<string, string[]> {
  const sent = new Map<string, string[]>();
  for (let tx = 0; tx < chain.anchoredCount; tx++) {
    const name = chain.principals.name(chain.txs.sender[tx] as number);
    const list = sent.get(name) ?? [];
    list.push(chain.txs.idHex(tx));
    sent.set(name, list);
  }
  return sent;
}
