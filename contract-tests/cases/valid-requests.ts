import type { CallRequest } from '../http/client.ts';
import type { TargetData } from '../targets/discover.ts';

/**
 * A simple valid request per operation from the target's data, or undefined when the data lacks
 * what the operation needs. Used where any valid request will do (keys, rate limits, deprecation).
 */
export function validRequest(operationId: string, data: TargetData): CallRequest | undefined {
  const pair = data.addressTransactions[0];
  const principal = data.addresses.stx_activity;
  const txId = Object.values(data.txByType).find((ids) => ids.length > 0)?.[0];
  switch (operationId) {
    case 'get_status':
    case 'get_mempool_transaction_stats':
    case 'get_fee_transfer':
      return {};
    case 'get_transaction_by_id':
      return txId ? { path: { tx_id: txId } } : undefined;
    case 'get_block':
      return { path: { height_or_hash: 'latest' } };
    case 'get_tx_list_details':
      return txId ? { query: { tx_id: [txId] } } : undefined;
    case 'get_address_transaction_events':
      return pair ? { path: { address: pair.address, tx_id: pair.tx_id } } : undefined;
    case 'get_account_transactions_with_transfers':
    case 'get_account_balance':
    case 'get_account_nonces':
    case 'get_account_info':
      return principal ? { path: { principal } } : undefined;
    case 'get_single_transaction_with_transfers':
      return pair ? { path: { principal: pair.address, tx_id: pair.tx_id } } : undefined;
    default:
      return undefined;
  }
}
