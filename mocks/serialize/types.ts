// The API shapes the mock answers with; field names and order are the real service's.
import type { ClarityPair } from '../world/clarity.ts';
import type { AssetEventType, MempoolTxType, TxStatus } from '../world/kinds.ts';
import type { MempoolStats, Percentiles } from '../world/mempool-stats.ts';

export type { ClarityPair, MempoolStats, MempoolTxType, Percentiles, TxStatus };

export interface Block {
  canonical: boolean;
  height: number;
  hash: string;
  block_time: number;
  block_time_iso: string;
  tenure_height: number;
  index_block_hash: string;
  parent_block_hash: string;
  parent_index_block_hash: string;
  burn_block_time: number;
  burn_block_time_iso: string;
  burn_block_hash: string;
  burn_block_height: number;
  miner_txid: string;
  tx_count: number;
  execution_cost_read_count: number;
  execution_cost_read_length: number;
  execution_cost_runtime: number;
  execution_cost_write_count: number;
  execution_cost_write_length: number;
}

export type PostConditionPrincipal =
  | { type_id: 'principal_origin' }
  | { type_id: 'principal_standard'; address: string }
  | { type_id: 'principal_contract'; address: string; contract_name: string };

export type FungibleConditionCode =
  | 'sent_equal_to'
  | 'sent_greater_than'
  | 'sent_greater_than_or_equal_to'
  | 'sent_less_than'
  | 'sent_less_than_or_equal_to';

export interface PostConditionAsset {
  asset_name: string;
  contract_address: string;
  contract_name: string;
}

export type PostCondition =
  | { type: 'stx'; principal: PostConditionPrincipal; condition_code: FungibleConditionCode; amount: string }
  | {
      type: 'fungible';
      principal: PostConditionPrincipal;
      condition_code: FungibleConditionCode;
      amount: string;
      asset: PostConditionAsset;
    }
  | {
      type: 'non_fungible';
      principal: PostConditionPrincipal;
      condition_code: 'sent' | 'not_sent';
      asset_value: ClarityPair;
      asset: PostConditionAsset;
    };

export interface FunctionArg extends ClarityPair {
  name: string;
  type: string;
}

export type TxPayload =
  | { tx_type: 'token_transfer'; token_transfer: { recipient_address: string; amount: string; memo: string } }
  | {
      tx_type: 'smart_contract';
      smart_contract: { clarity_version: number | null; contract_id: string; source_code: string };
    }
  | {
      tx_type: 'contract_call';
      contract_call: { contract_id: string; function_name: string; function_signature: string; function_args: FunctionArg[] };
    }
  | { tx_type: 'poison_microblock'; poison_microblock: { microblock_header_1: string; microblock_header_2: string } }
  | { tx_type: 'coinbase'; coinbase_payload: { data: string; alt_recipient: string | null; vrf_proof: string | null } }
  | {
      tx_type: 'tenure_change';
      tenure_change_payload: {
        tenure_consensus_hash: string;
        prev_tenure_consensus_hash: string;
        burn_view_consensus_hash: string;
        previous_tenure_end: string;
        previous_tenure_blocks: number;
        cause: 'block_found' | 'extended';
        pubkey_hash: string;
      };
    };

export interface TxBase {
  tx_id: string;
  nonce: number;
  fee_rate: string;
  sender_address: string;
  sponsored: boolean;
  sponsor_address?: string;
  sponsor_nonce?: number;
  post_condition_mode: 'allow' | 'deny';
  post_conditions: PostCondition[];
  anchor_mode: 'on_chain_only' | 'off_chain_only' | 'any';
}

export interface ConfirmedFields {
  block_hash: string;
  block_height: number;
  block_time: number;
  block_time_iso: string;
  burn_block_time: number;
  burn_block_height: number;
  burn_block_time_iso: string;
  parent_burn_block_time: number;
  parent_burn_block_time_iso: string;
  canonical: boolean;
  tx_index: number;
  tx_status: TxStatus;
  tx_result: ClarityPair;
  event_count: number;
  parent_block_hash: string;
  is_unanchored: boolean;
  microblock_hash: string;
  microblock_sequence: number;
  microblock_canonical: boolean;
  execution_cost_read_count: number;
  execution_cost_read_length: number;
  execution_cost_runtime: number;
  execution_cost_write_count: number;
  execution_cost_write_length: number;
  vm_error: string | null;
  events: TransactionEvent[];
}

export interface PendingFields {
  tx_status: TxStatus;
  receipt_time: number;
  receipt_time_iso: string;
}

export type ConfirmedTransaction = TxBase & ConfirmedFields & TxPayload;
export type PendingTransaction = TxBase & PendingFields & TxPayload;

interface EventBase {
  event_index: number;
  tx_id: string;
}

export type TransactionEvent =
  | (EventBase & {
      event_type: 'smart_contract_log';
      contract_log: { contract_id: string; topic: 'print'; value: ClarityPair };
    })
  | (EventBase & {
      event_type: 'stx_lock';
      stx_lock_event: { locked_amount: string; unlock_height: number; locked_address: string };
    })
  | (EventBase & {
      event_type: 'stx_asset';
      asset: { asset_event_type: AssetEventType; sender: string; recipient: string; amount: string };
    })
  | (EventBase & {
      event_type: 'fungible_token_asset';
      asset: { asset_event_type: AssetEventType; asset_id: string; sender: string; recipient: string; amount: string };
    })
  | (EventBase & {
      event_type: 'non_fungible_token_asset';
      asset: { asset_event_type: AssetEventType; asset_id: string; sender: string; recipient: string; value: ClarityPair };
    });

interface Parties {
  sender?: string;
  recipient?: string;
}

export type AddressTxEvent =
  | { type: 'stx'; event_index: number; data: { type: AssetEventType; amount: string } & Parties }
  | { type: 'ft'; event_index: number; data: { type: AssetEventType; amount: string; asset_identifier: string } & Parties }
  | { type: 'nft'; event_index: number; data: { type: AssetEventType; asset_identifier: string; value: ClarityPair } & Parties };

export interface TxWithTransfers {
  tx: ConfirmedTransaction;
  stx_sent: string;
  stx_received: string;
  stx_transfers: ({ amount: string } & Parties)[];
  ft_transfers: ({ asset_identifier: string; amount: string } & Parties)[];
  nft_transfers: ({ asset_identifier: string; value: ClarityPair } & Parties)[];
}

export interface StxBalance {
  balance: string;
  estimated_balance?: string;
  pending_balance_inbound?: string;
  pending_balance_outbound?: string;
  total_sent: string;
  total_received: string;
  total_fees_sent: string;
  total_miner_rewards_received: string;
  lock_tx_id: string;
  locked: string;
  lock_height: number;
  burnchain_lock_height: number;
  burnchain_unlock_height: number;
}

export interface Balances {
  stx: StxBalance;
  fungible_tokens: Record<string, { balance: string; total_sent: string; total_received: string }>;
  non_fungible_tokens: Record<string, { count: string; total_sent: string; total_received: string }>;
  token_offering_locked?: {
    total_locked: string;
    total_unlocked: string;
    unlock_schedule: { amount: string; block_height: number }[];
  };
}

export interface Status {
  server_version: string;
  status: 'ready';
  pox_v1_unlock_height: number;
  pox_v2_unlock_height: number;
  pox_v3_unlock_height: number;
  chain_tip: {
    block_height: number;
    block_hash: string;
    index_block_hash: string;
    microblock_hash?: string;
    microblock_sequence?: number;
    burn_block_height: number;
  };
}

export type TxListEntry =
  | { found: true; result: ConfirmedTransaction | PendingTransaction }
  | { found: false; result: { tx_id: string } };

export interface Page<T> {
  limit: number;
  offset: number;
  total: number;
  results: T[];
}
