import { operation, operations, requestPath, type Query } from '../contract-tests/spec-context.ts';
import type { WorldCatalogue } from '../mocks/query/catalogue.ts';
import type { Chain } from '../mocks/world/tables/chain.ts';
import type { DiffRequest } from './requests.ts';

/** How many ids one batch of balance changes asks for (the real service's maximum). */
const CHANGES_BATCH = 20;
/** What `include` adds to a v3 transaction: every heavy field. */
const ALL_FIELDS = 'function_args,source_code,post_conditions,result';
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
 * or pending, and an address's nonces) with their v3 successors (a transaction with and without
 * its heavy fields, a principal's nonces).
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
    // The address the world has never seen answers with other headers: a group of its own.
    const unseen = principal === catalogue.addresses.unknown;
    const group = (g: string): string => (unseen ? `unknown address, ${g}` : g);
    const itself = unseen ? 'unknown address' : 'notable address';
    add('get_principal_transactions', group('first page'), at);
    add('get_principal_transactions', group('page of 50'), at, { limit: '50' });
    add('get_principal_balances_stx', itself, at);
    add('get_principal_balances_ft', itself, at);
    add('get_principal_balances_nft', itself, at);
    for (const asset of catalogue.assets.ft)
      add('get_principal_balance_ft', itself, { ...at, asset_identifier: asset });
    const batch = (sent.get(principal) ?? []).slice(0, CHANGES_BATCH);
    if (batch.length > 0)
      add('get_principal_balance_changes', group('batch'), at, { tx_id: batch.join(',') });
    add('get_address_transactions', group('first page'), at);
    add('get_address_transactions', group('second page'), at, { limit: '50', offset: '50' });
    add('get_principal_stx_balance', itself, at);
    add('get_principal_stx_balance', group('with mempool'), at, { include_mempool: 'true' });
    add('get_principal_ft_balances', itself, at);
    add('get_account_nonces', itself, at);
    add('get_principal_nonces', itself, at);
  }
  for (let tx = 0; tx < chain.anchoredCount; tx += TX_STRIDE) {
    const txId = chain.txs.idHex(tx);
    const principal = chain.principals.name(chain.txs.sender[tx] as number);
    add('get_principal_transaction_balance_changes', 'sender', { principal, tx_id: txId });
    add('get_transaction_by_id', 'mined', { tx_id: txId });
    add('get_transaction', 'mined', { tx_id: txId });
    add('get_transaction', 'mined, every field', { tx_id: txId }, { include: ALL_FIELDS });
  }
  for (let tx = 0; tx < chain.mempool.count; tx++) {
    const txId = chain.mempool.idHex(tx);
    // A sponsored pending transaction is where v9.0.2's replace-by-fee defect strikes: a group of its own.
    const group = chain.mempool.sponsor.at(tx) >= 0 ? 'mempool, sponsored' : 'mempool';
    add('get_transaction_by_id', group, { tx_id: txId });
    add('get_transaction', group, { tx_id: txId });
    add('get_transaction', `${group}, every field`, { tx_id: txId }, { include: ALL_FIELDS });
  }
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
