// Generated from spec/openapi.yaml by scripts/write-handlers.ts (`make types`): do not edit.
import { get_status } from './get_status.ts';
import { get_block } from './get_block.ts';
import { get_tx_list_details } from './get_tx_list_details.ts';
import { get_mempool_transaction_stats } from './get_mempool_transaction_stats.ts';
import { get_address_transaction_events } from './get_address_transaction_events.ts';
import { get_account_transactions_with_transfers } from './get_account_transactions_with_transfers.ts';
import { get_account_balance } from './get_account_balance.ts';
import { get_single_transaction_with_transfers } from './get_single_transaction_with_transfers.ts';
import { get_transaction_by_id } from './get_transaction_by_id.ts';
import { get_raw_transaction_by_id } from './get_raw_transaction_by_id.ts';
import { get_account_nonces } from './get_account_nonces.ts';
import { get_account_info } from './get_account_info.ts';
import { get_fee_transfer } from './get_fee_transfer.ts';
import { post_transaction } from './post_transaction.ts';
import { post_fee_transaction } from './post_fee_transaction.ts';
import { call_read_only_function } from './call_read_only_function.ts';
import { get_contract_interface } from './get_contract_interface.ts';
import { get_contract_source } from './get_contract_source.ts';
import { get_contract_data_var } from './get_contract_data_var.ts';
import { get_contract_data_map_entry } from './get_contract_data_map_entry.ts';
import { get_constant_val } from './get_constant_val.ts';
import { get_is_trait_implemented } from './get_is_trait_implemented.ts';
import { get_core_api_info } from './get_core_api_info.ts';
import { get_pox_info } from './get_pox_info.ts';
import { get_contract_by_id } from './get_contract_by_id.ts';
import { get_contract_events_by_id } from './get_contract_events_by_id.ts';
import { run_faucet_stx } from './run_faucet_stx.ts';
import { get_network_block_times } from './get_network_block_times.ts';
import { get_filtered_events } from './get_filtered_events.ts';
import { get_stx_supply } from './get_stx_supply.ts';
import { get_mempool_transaction_list } from './get_mempool_transaction_list.ts';
import { get_nft_holdings } from './get_nft_holdings.ts';
import { get_ft_holders } from './get_ft_holders.ts';
import { get_mempool_transactions } from './get_mempool_transactions.ts';
import { get_principal_transactions } from './get_principal_transactions.ts';
import { get_principal_transaction_balance_changes } from './get_principal_transaction_balance_changes.ts';
import { get_principal_balance_changes } from './get_principal_balance_changes.ts';
import { get_principal_balances_stx } from './get_principal_balances_stx.ts';
import { get_principal_balances_ft } from './get_principal_balances_ft.ts';
import { get_principal_balance_ft } from './get_principal_balance_ft.ts';
import { get_principal_balances_nft } from './get_principal_balances_nft.ts';
import { get_transaction } from './get_transaction.ts';
import { get_principal_nonces } from './get_principal_nonces.ts';
import { get_address_transactions } from './get_address_transactions.ts';
import { get_principal_stx_balance } from './get_principal_stx_balance.ts';
import { get_principal_ft_balances } from './get_principal_ft_balances.ts';
import { get_blocks } from './get_blocks.ts';
import { get_transactions_by_block } from './get_transactions_by_block.ts';
import { get_burn_blocks } from './get_burn_blocks.ts';
import { get_burn_block } from './get_burn_block.ts';
import { get_blocks_by_burn_block } from './get_blocks_by_burn_block.ts';
import { get_mempool_fee_priorities } from './get_mempool_fee_priorities.ts';
import { get_pox_cycles } from './get_pox_cycles.ts';
import { get_pox_cycle } from './get_pox_cycle.ts';
import { get_pox_cycle_signers } from './get_pox_cycle_signers.ts';
import { get_pox_cycle_signer } from './get_pox_cycle_signer.ts';
import { get_pox_cycle_signer_stackers } from './get_pox_cycle_signer_stackers.ts';
import { get_burnchain_reward_slot_holders } from './get_burnchain_reward_slot_holders.ts';
import { get_burnchain_reward_slot_holders_by_address } from './get_burnchain_reward_slot_holders_by_address.ts';
import { get_burnchain_reward_list } from './get_burnchain_reward_list.ts';
import { get_burnchain_reward_list_by_address } from './get_burnchain_reward_list_by_address.ts';
import { get_burnchain_rewards_total_by_address } from './get_burnchain_rewards_total_by_address.ts';
import { get_transaction_list } from './get_transaction_list.ts';
import { get_block_transactions } from './get_block_transactions.ts';
import { get_transactions } from './get_transactions.ts';
import { get_ft_metadata } from './get_ft_metadata.ts';
import { get_nft_metadata } from './get_nft_metadata.ts';
import { get_signer_metrics_cycle_signers } from './get_signer_metrics_cycle_signers.ts';
import { get_signer_metrics_cycle_signer } from './get_signer_metrics_cycle_signer.ts';
import { get_name_info } from './get_name_info.ts';
import { fetch_zone_file } from './fetch_zone_file.ts';
import { get_names_owned_by_address } from './get_names_owned_by_address.ts';
import type { OperationHandler, OperationHandlers } from './types.ts';

/** One handler per operationId of the spec; the pipeline refuses to start on any mismatch. */
export const typedHandlers: OperationHandlers = {
  get_status,
  get_block,
  get_tx_list_details,
  get_mempool_transaction_stats,
  get_address_transaction_events,
  get_account_transactions_with_transfers,
  get_account_balance,
  get_single_transaction_with_transfers,
  get_transaction_by_id,
  get_raw_transaction_by_id,
  get_account_nonces,
  get_account_info,
  get_fee_transfer,
  post_transaction,
  post_fee_transaction,
  call_read_only_function,
  get_contract_interface,
  get_contract_source,
  get_contract_data_var,
  get_contract_data_map_entry,
  get_constant_val,
  get_is_trait_implemented,
  get_core_api_info,
  get_pox_info,
  get_contract_by_id,
  get_contract_events_by_id,
  run_faucet_stx,
  get_network_block_times,
  get_filtered_events,
  get_stx_supply,
  get_mempool_transaction_list,
  get_nft_holdings,
  get_ft_holders,
  get_mempool_transactions,
  get_principal_transactions,
  get_principal_transaction_balance_changes,
  get_principal_balance_changes,
  get_principal_balances_stx,
  get_principal_balances_ft,
  get_principal_balance_ft,
  get_principal_balances_nft,
  get_transaction,
  get_principal_nonces,
  get_address_transactions,
  get_principal_stx_balance,
  get_principal_ft_balances,
  get_blocks,
  get_transactions_by_block,
  get_burn_blocks,
  get_burn_block,
  get_blocks_by_burn_block,
  get_mempool_fee_priorities,
  get_pox_cycles,
  get_pox_cycle,
  get_pox_cycle_signers,
  get_pox_cycle_signer,
  get_pox_cycle_signer_stackers,
  get_burnchain_reward_slot_holders,
  get_burnchain_reward_slot_holders_by_address,
  get_burnchain_reward_list,
  get_burnchain_reward_list_by_address,
  get_burnchain_rewards_total_by_address,
  get_transaction_list,
  get_block_transactions,
  get_transactions,
  get_ft_metadata,
  get_nft_metadata,
  get_signer_metrics_cycle_signers,
  get_signer_metrics_cycle_signer,
  get_name_info,
  fetch_zone_file,
  get_names_owned_by_address,
};

/** The handlers by operationId, as the pipeline holds them. */
export const handlers: Record<string, OperationHandler> = typedHandlers;
