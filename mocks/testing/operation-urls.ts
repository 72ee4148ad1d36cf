import type { WorldIndex } from '../world/index.ts';

/**
 * One URL per operation of the spec that the world answers with 200, from its index and one
 * transaction of `addresses.stx_activity` (`addressTx`, which the index alone does not give):
 * what load and fault tests drive so that every operation is exercised.
 */
export function operationUrls(index: WorldIndex, addressTx: string): Record<string, string> {
  const { addresses, transactions, block_samples } = index;
  const address = addresses.stx_activity;
  const txIds = [...(transactions.by_type.token_transfer ?? []).slice(0, 2), ...transactions.mempool.pending.slice(0, 1)];
  return {
    get_status: '/extended',
    get_block: `/extended/v2/blocks/${block_samples.middle.height}`,
    get_tx_list_details: `/extended/v1/tx/multiple?${txIds.map((id) => `tx_id=${id}`).join('&')}`,
    get_mempool_transaction_stats: '/extended/v1/tx/mempool/stats',
    get_address_transaction_events: `/extended/v2/addresses/${address}/transactions/${addressTx}/events`,
    get_account_transactions_with_transfers: `/extended/v1/address/${addresses.busiest}/transactions_with_transfers?limit=20`,
    get_account_balance: `/extended/v1/address/${addresses.locked_stx || address}/balances`,
    get_single_transaction_with_transfers: `/extended/v1/address/${address}/${addressTx}/with_transfers`,
  };
}
