import { get_account_balance } from './get_account_balance.ts';
import { get_account_transactions_with_transfers } from './get_account_transactions_with_transfers.ts';
import { get_address_transaction_events } from './get_address_transaction_events.ts';
import { get_block } from './get_block.ts';
import { get_mempool_transaction_stats } from './get_mempool_transaction_stats.ts';
import { get_single_transaction_with_transfers } from './get_single_transaction_with_transfers.ts';
import { get_status } from './get_status.ts';
import { get_tx_list_details } from './get_tx_list_details.ts';
import type { OperationHandlers } from './types.ts';
import type { World } from './world.ts';

/** One handler per operationId of the spec; `mountOperations` refuses to start on any mismatch. */
export const handlers: OperationHandlers = {
  get_status,
  get_block,
  get_tx_list_details,
  get_mempool_transaction_stats,
  get_address_transaction_events,
  get_account_transactions_with_transfers,
  get_account_balance,
  get_single_transaction_with_transfers,
};

/**
 * A handler as the app sees it, by operationId from the spec: it takes the values validation
 * produced from that spec's schemas, which are what the handler's generated types describe.
 */
export interface MountedHandler {
  readonly defaulted: readonly string[];
  answer(request: {
    world: World;
    path: Record<string, unknown>;
    query: Record<string, unknown>;
  }): { status: 200; body: unknown } | { status: 404; message: string };
}

export const mountedHandlers: Record<string, MountedHandler> = handlers;
