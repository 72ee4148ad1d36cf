import type { components } from '../../spec/types.ts';
import { isUnanchored, tipHeight, type Chain } from '../world/tables/chain.ts';
import { indexBlockHash } from '../world/derive/block-hashes.ts';
import { memoText, summaryOf } from './principal-summaries.ts';
import { confirmedTx, pendingTx } from './transaction.ts';
import type {
  ClarityPair,
  ConfirmedTransaction,
  PendingTransaction,
  V3MempoolTransaction,
  V3MempoolTransactionSummary,
  V3Transaction,
} from './types.ts';

/** A heavy field v3 adds only when `include` names it. */
export type TransactionInclude = NonNullable<components['parameters']['TransactionInclude']>[number];

/**
 * A mined transaction in v3's full form, made from the same confirmed form as every other
 * operation's: its summary, then the parent block, the event count, the execution cost and the
 * VM error, then the payload with what `include` asks for, as the real service orders them.
 */
export function v3Transaction(
  chain: Chain,
  tx: number,
  include: readonly TransactionInclude[],
): V3Transaction {
  const c = confirmedTx(chain, tx, 'none');
  const { type, token_transfer, smart_contract, contract_call, coinbase, tenure_change, ...head } = summaryOf(
    chain,
    tx,
    c,
  );
  // An unanchored transaction builds on the tip; a mined one on the block below its own.
  const parentHeight = isUnanchored(chain, tx) ? tipHeight(chain) : c.block_height - 1;
  const full = {
    ...head,
    parent_block: { hash: c.parent_block_hash, index_hash: indexBlockHash(chain, parentHeight) },
    event_count: c.event_count,
    execution_cost: {
      read_count: c.execution_cost_read_count,
      read_length: c.execution_cost_read_length,
      runtime: c.execution_cost_runtime,
      write_count: c.execution_cost_write_count,
      write_length: c.execution_cost_write_length,
    },
    vm_error: c.vm_error ?? null,
    type,
  } as V3Transaction;
  if (token_transfer) full.token_transfer = token_transfer;
  if (smart_contract)
    full.smart_contract = { ...smart_contract, ...sourceOf(c, include) } as V3Transaction['smart_contract'];
  if (contract_call)
    full.contract_call = { ...contract_call, ...argsOf(c, include) } as V3Transaction['contract_call'];
  if (coinbase && c.tx_type === 'coinbase')
    full.coinbase = {
      ...coinbase,
      payload: c.coinbase_payload.data,
      vrf_proof: c.coinbase_payload.vrf_proof ?? null,
    } as V3Transaction['coinbase'];
  if (tenure_change && c.tx_type === 'tenure_change') {
    const { cause, ...rest } = c.tenure_change_payload;
    full.tenure_change = { cause, ...rest } as V3Transaction['tenure_change'];
  }
  if (include.includes('post_conditions')) full.post_conditions = c.post_conditions;
  if (include.includes('result')) full.result = { hex: c.tx_result.hex, repr: c.tx_result.repr };
  return full;
}

/**
 * A pending transaction in v3's form, from its pending form: sender and sponsor with their
 * nonces, the fee, when and at which height it was received, `replaced_by_tx_id` (null: only
 * pending ones are answered), the payload in brief and what `include` asks for.
 */
export function v3MempoolTransaction(
  chain: Chain,
  tx: number,
  include: readonly TransactionInclude[],
): V3MempoolTransaction {
  const p = pendingTx(chain, tx);
  const answer: V3MempoolTransaction = {
    tx_id: p.tx_id,
    sender: { address: p.sender_address, nonce: p.nonce },
    sponsor:
      p.sponsor_address === undefined ? null : { address: p.sponsor_address, nonce: p.sponsor_nonce ?? 0 },
    fee_rate: p.fee_rate,
    receipt_time: p.receipt_time,
    receipt_block_height: chain.mempool.height[tx] as number,
    status: p.tx_status as V3MempoolTransaction['status'],
    replaced_by_tx_id: null,
    type: p.tx_type,
  };
  if (p.tx_type === 'token_transfer')
    answer.token_transfer = {
      recipient: p.token_transfer.recipient_address,
      amount: p.token_transfer.amount,
      memo: { hex: p.token_transfer.memo, repr: memoText(p.token_transfer.memo) },
    };
  if (p.tx_type === 'smart_contract')
    answer.smart_contract = {
      contract_id: p.smart_contract.contract_id,
      clarity_version: p.smart_contract.clarity_version ?? null,
      ...sourceOf(p, include),
    };
  if (p.tx_type === 'contract_call')
    answer.contract_call = {
      contract_id: p.contract_call.contract_id,
      function_name: p.contract_call.function_name,
      ...argsOf(p, include),
    };
  if (include.includes('post_conditions')) answer.post_conditions = p.post_conditions;
  return answer;
}

type EitherForm = ConfirmedTransaction | PendingTransaction;

function sourceOf(t: EitherForm, include: readonly TransactionInclude[]): { source_code?: string } {
  return include.includes('source_code') && t.tx_type === 'smart_contract'
    ? { source_code: t.smart_contract.source_code }
    : {};
}

function argsOf(t: EitherForm, include: readonly TransactionInclude[]): { function_args?: ClarityPair[] } {
  if (!include.includes('function_args') || t.tx_type !== 'contract_call') return {};
  return { function_args: (t.contract_call.function_args ?? []).map((a) => ({ hex: a.hex, repr: a.repr })) };
}

/**
 * A pending transaction as v3's mempool list gives it: its v3 form without `replaced_by_tx_id`
 * (and without what only `include` adds, which the list does not take).
 */
export function v3MempoolSummary(chain: Chain, tx: number): V3MempoolTransactionSummary {
  const { replaced_by_tx_id: _, ...brief } = v3MempoolTransaction(chain, tx, []);
  return brief;
}
