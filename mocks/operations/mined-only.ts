import type { OperationId } from './types.ts';

/**
 * The operations whose answers read the mined chain only, never the mempool: the response cache
 * keeps them while no block is mined or reorged (mocks/http/response-cache.ts), so a broadcast,
 * which changes only the mempool, does not make the next read of them compute its answer again.
 * Any operation not listed is taken to read the mempool.
 */
export const MINED_ONLY: ReadonlySet<OperationId> = new Set<OperationId>([
  'get_status',
  'get_block',
  'get_address_transaction_events',
  'get_account_transactions_with_transfers',
  'get_single_transaction_with_transfers',
  'get_address_transactions',
  'get_network_block_times',
  'get_nft_holdings',
]);
