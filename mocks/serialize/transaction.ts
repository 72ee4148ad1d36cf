import { isUnanchored, tipHeight, txIndexOf, type Chain } from '../world/tables/chain.ts';
import { costsOf } from '../world/derive/costs.ts';
import { eventsOf } from '../world/derive/events.ts';
import { toHex } from '../world/hex.ts';
import { Status, statusName } from '../world/tables/kinds.ts';
import { anchorModeOf, postConditionModeOf } from '../world/tables/tx-flags.ts';
import type { TxTable } from '../world/tables/tx-table.ts';
import { listingOf, windowRows, type PageWindow } from '../query/paging.ts';
import { NO_MICROBLOCK_SEQUENCE } from '../query/principal-activity.ts';
import { blockHash } from '../world/derive/block-hashes.ts';
import { transactionEvent } from './events.ts';
import { isoOf } from './iso.ts';
import { payloadOf } from '../world/wire/payload.ts';
import { postConditionsOf } from '../world/wire/post-conditions.ts';
import { txResultOf, vmErrorOf } from './tx-result.ts';
import type { ConfirmedFields, ConfirmedTransaction, PendingTransaction, TxBase } from './types.ts';

const ANCHOR_MODES = ['on_chain_only', 'on_chain_only', 'off_chain_only', 'any'] as const;

/** Which of the transaction's events to include: a page of them, or none (address lists). */
export type EventPage = PageWindow | 'none';

export function txIdOf(table: TxTable, tx: number): string {
  return table.idHex(tx);
}

/** A mined transaction (anchored, or unanchored in a microblock) in the confirmed form. */
export function confirmedTx(chain: Chain, tx: number, page: EventPage): ConfirmedTransaction {
  const t = chain.txs;
  const events = eventsOf(chain, tx);
  const shown = page === 'none' ? [] : windowRows(listingOf(events), page);
  const first = page === 'none' ? 0 : page.offset;
  const at = placement(chain, tx);
  const micro = t.micro.at(tx);
  const inMicroblock = chain.microblocks.has(micro);
  const [readCount, readLength, runtime, writeCount, writeLength] = costsOf(chain, tx);
  const payload = payloadOf(chain, t, tx);
  // Fields are added one by one in the real service's order: spreading parts is much slower.
  const r = txBase(chain, t, tx) as ConfirmedTransaction;
  r.block_hash = at.blockHash;
  r.block_height = at.height;
  r.block_time = at.blockTime;
  r.block_time_iso = isoOf(at.blockTime);
  r.burn_block_time = at.burnTime;
  r.burn_block_height = at.burnHeight;
  r.burn_block_time_iso = at.burnTime > 0 ? isoOf(at.burnTime) : '';
  r.parent_burn_block_time = at.parentBurnTime;
  r.parent_burn_block_time_iso = at.parentBurnTime > 0 ? isoOf(at.parentBurnTime) : '';
  r.canonical = true;
  r.tx_index = txIndexOf(chain, tx);
  r.tx_status = confirmedStatus(statusName(t.status[tx] as Status));
  r.tx_result = txResultOf(chain, tx);
  r.event_count = events.length;
  r.parent_block_hash = at.parentBlockHash;
  r.is_unanchored = at.unanchored;
  r.microblock_hash = inMicroblock ? toHex(chain.microblocks.hash, micro * 32, 32) : '0x';
  r.microblock_sequence = inMicroblock
    ? (chain.microblocks.sequence[micro] as number)
    : NO_MICROBLOCK_SEQUENCE;
  r.microblock_canonical = true;
  r.execution_cost_read_count = readCount;
  r.execution_cost_read_length = readLength;
  r.execution_cost_runtime = runtime;
  r.execution_cost_write_count = writeCount;
  r.execution_cost_write_length = writeLength;
  r.vm_error = vmErrorOf(chain, tx);
  r.events = shown.map((e, i) => transactionEvent(chain, tx, e, first + i));
  return Object.assign(r, payload);
}

/**
 * A mempool transaction (pending or dropped) in the pending form. `replacedBy`: undefined for a
 * release without `replaced_by_tx_id`; else the id of what replaced it by fee (it is then
 * `dropped_replace_by_fee`), or null.
 */
export function pendingTx(chain: Chain, tx: number, replacedBy?: string | null): PendingTransaction {
  const m = chain.mempool;
  const receipt = chain.receiptTime[tx] as number;
  const status = replacedBy ? Status.DroppedReplaceByFee : (m.status[tx] as Status);
  return {
    ...txBase(chain, m, tx),
    tx_status: statusName(status),
    ...(replacedBy === undefined ? {} : { replaced_by_tx_id: replacedBy }),
    receipt_time: receipt,
    receipt_time_iso: isoOf(receipt),
    ...payloadOf(chain, m, tx),
  } as PendingTransaction;
}

function txBase(chain: Chain, table: TxTable, tx: number): TxBase {
  const sponsor = table.sponsor.at(tx);
  const base: TxBase = {
    tx_id: txIdOf(table, tx),
    nonce: table.nonce[tx] as number,
    fee_rate: String(table.fee.at(tx)),
    sender_address: chain.principals.name(table.sender[tx] as number),
    sponsored: sponsor >= 0,
    post_condition_mode: postConditionModeOf(table, tx),
    post_conditions: postConditionsOf(chain, table, tx),
    anchor_mode: ANCHOR_MODES[anchorModeOf(table, tx)] as TxBase['anchor_mode'],
  };
  if (sponsor < 0) return base;
  const { post_condition_mode, post_conditions, anchor_mode, ...head } = base;
  return {
    ...head,
    sponsor_address: chain.principals.name(sponsor),
    sponsor_nonce: table.sponsorNonce.at(tx),
    post_condition_mode,
    post_conditions,
    anchor_mode,
  };
}

interface Placement {
  blockHash: string;
  height: number;
  blockTime: number;
  burnTime: number;
  burnHeight: number;
  parentBurnTime: number;
  parentBlockHash: string;
  unanchored: boolean;
}

/**
 * Where the transaction sits. An unanchored one has no block yet: like the real service it shows
 * block hash `0x`, the next height, and burn time and height -1 (with an empty ISO string).
 */
function placement(chain: Chain, tx: number): Placement {
  const t = chain.txs;
  const b = chain.blocks;
  const height = t.height[tx] as number;
  if (isUnanchored(chain, tx)) {
    const tip = tipHeight(chain);
    const micro = t.micro.at(tx);
    const sequence = chain.microblocks.has(micro) ? (chain.microblocks.sequence[micro] as number) : 0;
    return {
      blockHash: '0x',
      height,
      blockTime: (b.time[tip - 1] as number) + 20 + 10 * sequence + txIndexOf(chain, tx),
      burnTime: -1,
      burnHeight: -1,
      parentBurnTime: b.burnTime[tip - 1] as number,
      parentBlockHash: blockHash(chain, tip),
      unanchored: true,
    };
  }
  const row = height - 1;
  const burnTime = b.burnTime[row] as number;
  return {
    blockHash: blockHash(chain, height),
    height,
    blockTime: b.time[row] as number,
    burnTime,
    burnHeight: b.burnHeight[row] as number,
    // Block 1's parent is the chain's first block, which has no burn block: the real service says 0 (and "").
    parentBurnTime: row > 0 ? (b.burnTime[row - 1] as number) : 0,
    parentBlockHash: blockHash(chain, height - 1),
    unanchored: false,
  };
}

/** A mined transaction's status is one of the confirmed ones; anything else is a world bug. */
function confirmedStatus(status: string): ConfirmedFields['tx_status'] {
  if (
    status === 'success' ||
    status === 'abort_by_response' ||
    status === 'abort_by_post_condition' ||
    status === 'problematic_skipped'
  )
    return status;
  throw new Error(`a mined transaction with status ${status}`);
}
