import type { UrlFor } from '../spec/request/url.ts';
import type { WorldQueries } from './query/world-queries.ts';
import { txIdOf } from './serialize/transaction.ts';
import type { Chain } from './world/tables/chain.ts';
import { ContractKind } from './world/tables/kinds.ts';

/** The sample URLs of a restored chain, worked out when its snapshot was made (mocks/world-snapshot.ts). */
const known = new WeakMap<Chain, Record<string, string>>();

/** A restored chain's sample URLs as they were worked out on the chain it was restored from. */
export function knowSampleUrls(chain: Chain, urls: Record<string, string>): void {
  known.set(chain, urls);
}

/**
 * One URL per operation of the spec that the world answers with 200: what the start banner
 * offers to try, and what load and fault tests drive so that every operation is exercised.
 * Finding one address's transaction needs the address and hash indexes; a restored chain's are
 * known from its snapshot, so the banner of a restored world builds neither.
 */
export function sampleUrls(queries: WorldQueries, urlFor: UrlFor): Record<string, string> {
  const restored = known.get(queries.chain);
  if (restored) return { ...restored };
  const { addresses, transactions, block_samples } = queries.catalogue();
  const address = addresses.stx_activity;
  // The newest of its transactions that operation 8 answers too: that one leaves out a
  // transaction the address is in only through token events, as the real service does.
  const addressTx = queries
    .history(address, { limit: 50, offset: 0, unanchored: false })
    ?.rows.map((row) => txIdOf(queries.chain.txs, row.tx))
    .find((id) => queries.txTransfers(address, id) !== undefined);
  if (!addressTx) throw new Error(`the world has no transaction of ${address}`);
  const txIds = [
    ...(transactions.by_type.token_transfer ?? []).slice(0, 2),
    ...transactions.mempool.pending.slice(0, 1),
  ];
  return {
    get_status: urlFor('get_status'),
    get_block: urlFor('get_block', { path: { height_or_hash: block_samples.middle.height } }),
    get_tx_list_details: urlFor('get_tx_list_details', { query: { tx_id: txIds } }),
    get_mempool_transaction_stats: urlFor('get_mempool_transaction_stats'),
    get_address_transaction_events: urlFor('get_address_transaction_events', {
      path: { address, tx_id: addressTx },
    }),
    get_account_transactions_with_transfers: urlFor('get_account_transactions_with_transfers', {
      path: { principal: addresses.busiest },
      query: { limit: 20 },
    }),
    get_account_balance: urlFor('get_account_balance', {
      path: { principal: addresses.locked_stx || address },
    }),
    get_single_transaction_with_transfers: urlFor('get_single_transaction_with_transfers', {
      path: { principal: address, tx_id: addressTx },
    }),
    get_transaction_by_id: urlFor('get_transaction_by_id', { path: { tx_id: txIds[0] ?? addressTx } }),
    get_account_nonces: urlFor('get_account_nonces', { path: { principal: address } }),
    get_account_info: urlFor('get_account_info', { path: { principal: address }, query: { proof: 0 } }),
    get_fee_transfer: urlFor('get_fee_transfer'),
    ...successorUrls(queries, urlFor, address, addressTx),
  };
}

/** The successors the deprecations name (release 9.0.2's v3 routes, the v2 address routes). */
function successorUrls(
  queries: WorldQueries,
  urlFor: UrlFor,
  address: string,
  addressTx: string,
): Record<string, string> {
  const { addresses } = queries.catalogue();
  const ftHolder = addresses.ft_activity || address;
  const locked = addresses.locked_stx || address;
  const token = queries.chain.contracts.find((c) => c.kind === ContractKind.Ft && !c.pending)?.assetId ?? '';
  return {
    get_principal_transactions: urlFor('get_principal_transactions', {
      path: { principal: address },
      query: { limit: 20 },
    }),
    get_principal_transaction_balance_changes: urlFor('get_principal_transaction_balance_changes', {
      path: { principal: address, tx_id: addressTx },
    }),
    get_principal_balance_changes: urlFor('get_principal_balance_changes', {
      path: { principal: address },
      query: { tx_id: [addressTx] },
    }),
    get_principal_balances_stx: urlFor('get_principal_balances_stx', { path: { principal: locked } }),
    get_principal_balances_ft: urlFor('get_principal_balances_ft', { path: { principal: ftHolder } }),
    get_principal_balance_ft: urlFor('get_principal_balance_ft', {
      path: { principal: ftHolder, asset_identifier: token },
    }),
    get_principal_balances_nft: urlFor('get_principal_balances_nft', {
      path: { principal: addresses.nft_activity || address },
    }),
    get_address_transactions: urlFor('get_address_transactions', {
      path: { address },
      query: { limit: 20 },
    }),
    get_principal_stx_balance: urlFor('get_principal_stx_balance', { path: { principal: locked } }),
    get_principal_ft_balances: urlFor('get_principal_ft_balances', { path: { principal: ftHolder } }),
    get_transaction: urlFor('get_transaction', { path: { tx_id: addressTx } }),
    get_principal_nonces: urlFor('get_principal_nonces', { path: { principal: address } }),
  };
}
