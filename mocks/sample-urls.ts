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
export function sampleUrls(queries: WorldQueries): Record<string, string> {
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
    get_status: '/extended',
    get_block: `/extended/v2/blocks/${block_samples.middle.height}`,
    get_tx_list_details: `/extended/v1/tx/multiple?${txIds.map((id) => `tx_id=${id}`).join('&')}`,
    get_mempool_transaction_stats: '/extended/v1/tx/mempool/stats',
    get_address_transaction_events: `/extended/v2/addresses/${address}/transactions/${addressTx}/events`,
    get_account_transactions_with_transfers: `/extended/v1/address/${addresses.busiest}/transactions_with_transfers?limit=20`,
    get_account_balance: `/extended/v1/address/${addresses.locked_stx || address}/balances`,
    get_single_transaction_with_transfers: `/extended/v1/address/${address}/${addressTx}/with_transfers`,
    ...successorUrls(queries, address, addressTx),
  };
}

/** The successors the deprecations name (release 9.0.2's v3 routes, the v2 address routes). */
function successorUrls(queries: WorldQueries, address: string, addressTx: string): Record<string, string> {
  const { addresses } = queries.catalogue();
  const v3 = (principal: string): string => `/extended/v3/principals/${principal}`;
  const ftHolder = addresses.ft_activity || address;
  const token = queries.chain.contracts.find((c) => c.kind === ContractKind.Ft && !c.pending)?.assetId ?? '';
  return {
    get_principal_transactions: `${v3(address)}/transactions?limit=20`,
    get_principal_transaction_balance_changes: `${v3(address)}/transactions/${addressTx}/balance-changes`,
    get_principal_balance_changes: `${v3(address)}/balance-changes?tx_id=${addressTx}`,
    get_principal_balances_stx: `${v3(addresses.locked_stx || address)}/balances/stx`,
    get_principal_balances_ft: `${v3(ftHolder)}/balances/ft`,
    get_principal_balance_ft: `${v3(ftHolder)}/balances/ft/${token}`,
    get_principal_balances_nft: `${v3(addresses.nft_activity || address)}/balances/nft`,
    get_address_transactions: `/extended/v2/addresses/${address}/transactions?limit=20`,
    get_principal_stx_balance: `/extended/v2/addresses/${addresses.locked_stx || address}/balances/stx`,
    get_principal_ft_balances: `/extended/v2/addresses/${ftHolder}/balances/ft`,
  };
}
