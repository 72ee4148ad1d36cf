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
  // The explorer's routes (issue 40) but the mempool's fee priorities.
  'get_blocks',
  'get_transactions_by_block',
  'get_block_transactions',
  'get_burn_blocks',
  'get_burn_block',
  'get_blocks_by_burn_block',
  'get_pox_cycles',
  'get_pox_cycle',
  'get_pox_cycle_signers',
  'get_transaction_list',
  'get_transactions',
  'get_ft_metadata',
  'get_nft_metadata',
  'get_network_block_times',
  'get_nft_holdings',
]);
