import { blockHash, indexBlockHash, ZERO_HASH } from '../world/derive/block-hashes.ts';
import { txResultOf, vmErrorOf } from '../serialize/tx-result.ts';
import {
  burnHeightAt,
  contractAt,
  isUnanchored,
  tipHeight,
  txIndexOf,
  type Chain,
} from '../world/tables/chain.ts';
import { BlockKey } from '../world/tables/block-table.ts';
import type { BurnchainPayouts } from '../world/derive/burnchain-payouts.ts';
import { blockCostsOf, costsOf, type ExecutionCost } from '../world/derive/costs.ts';
import { sourceOf } from '../world/derive/contract-source.ts';
import { REWARD_MATURITY } from '../world/derive/miner-rewards.ts';
import { toHex } from '../world/hex.ts';
import { Action, Status, statusName } from '../world/tables/kinds.ts';
import { abiOf } from './abi.ts';
import { coreEventsOf, type CoreEvent } from './core-events.ts';
import { rawTxOf } from '../serialize/raw-tx.ts';
import type { ContractId, ContractInterface } from '../clarity/engine.ts';

function costObject([read_count, read_length, runtime, write_count, write_length]: ExecutionCost) {
  return { read_count, read_length, runtime, write_count, write_length };
}

const NO_COST = costObject([0, 0, 0, 0, 0]);

/**
 * `/new_burn_block`: the burn block under block `height`'s tenure, with its PoX payouts (`payouts`,
 * the world's for that burn block), from which the real service records its burnchain rewards.
 */
export function burnBlockMessage(chain: Chain, height: number, payouts: BurnchainPayouts) {
  const row = height - 1;
  return {
    burn_block_hash: chain.blocks.hex(BlockKey.BurnHash, row),
    burn_block_height: chain.blocks.burnHeight[row] as number,
    burn_amount: payouts.burnAmount,
    reward_recipients: payouts.rewards.map((r) => ({ recipient: r.recipient, amt: r.amount })),
    reward_slot_holders: payouts.slotHolders,
  };
}

/** Whether block `height` is the first on its burn block (the node announces the burn block first). */
export function startsBurnBlock(chain: Chain, height: number): boolean {
  return height === 1 || chain.blocks.burnHeight[height - 1] !== chain.blocks.burnHeight[height - 2];
}

/**
 * A deployed contract's interface as the node reports it (`contract_interface`): the Clarity
 * engine's, when the export runs one; undefined without it.
 */
export type InterfaceOf = (contract: ContractId) => ContractInterface | undefined;

/**
 * A mined transaction as `/new_block` and `/new_microblocks` carry it; a deployment's interface
 * is the engine's, else the one `abiOf` reads from the source (its functions' arguments only).
 */
function coreTx(chain: Chain, tx: number, interfaceOf: InterfaceOf) {
  const t = chain.txs;
  const micro = t.micro.at(tx);
  const inMicroblock = chain.microblocks.has(micro);
  const action = t.action[tx] as Action;
  const deploys = action === Action.Deploy || action === Action.Genesis;
  return {
    txid: t.idHex(tx),
    raw_tx: rawTxOf(chain, t, tx).hex,
    status: statusName(t.status[tx] as Status),
    raw_result: txResultOf(chain, tx).hex,
    tx_index: txIndexOf(chain, tx),
    contract_interface: deploys ? deployedInterface(chain, tx, interfaceOf) : null,
    execution_cost: costObject(costsOf(chain, tx)),
    microblock_sequence: inMicroblock ? (chain.microblocks.sequence[micro] as number) : null,
    microblock_hash: inMicroblock ? toHex(chain.microblocks.hash, micro * 32, 32) : null,
    microblock_parent_hash: inMicroblock ? microblockParent(chain, tx, micro) : null,
    vm_error: vmErrorOf(chain, tx),
    burnchain_op: null,
    // The block's marker category, opaque to consensus; a node writes the key only for such a transaction.
    ...(t.status[tx] === Status.ProblematicSkipped && { problematic_skipped: 0 }),
  };
}

function deployedInterface(chain: Chain, tx: number, interfaceOf: InterfaceOf) {
  const contract = contractAt(chain, chain.txs.contract[tx] as number);
  return interfaceOf(contract.id) ?? abiOf(sourceOf(chain, contract));
}

/** The first microblock of a stream follows the anchored block under it; each next one its predecessor. */
function microblockParent(chain: Chain, tx: number, micro: number): string {
  if ((chain.microblocks.sequence[micro] as number) > 0)
    return toHex(chain.microblocks.hash, (micro - 1) * 32, 32);
  const under = isUnanchored(chain, tx) ? tipHeight(chain) : (chain.txs.height[tx] as number) - 1;
  return blockHash(chain, under);
}

/** Transactions `[first, end)` with their events, numbered across them as a node numbers a block's. */
function txsAndEvents(chain: Chain, first: number, end: number, interfaceOf: InterfaceOf) {
  const transactions = [];
  const events: CoreEvent[] = [];
  for (let tx = first; tx < end; tx++) {
    transactions.push(coreTx(chain, tx, interfaceOf));
    events.push(...coreEventsOf(chain, tx, events.length));
  }
  return { transactions, events };
}

/**
 * `/new_block` for block `height`: its transactions and their events, results and costs, and the
 * miner rewards that mature at this height (a block's reward matures REWARD_MATURITY blocks
 * later, as the mock counts it).
 */
export function blockMessage(chain: Chain, height: number, interfaceOf: InterfaceOf) {
  const b = chain.blocks;
  const row = height - 1;
  const first = b.firstTx[row] as number;
  const end = first + (b.txCount[row] as number);
  const { transactions, events } = txsAndEvents(chain, first, end, interfaceOf);
  const confirmed = lastMicroblock(chain, first, end);
  const [pox1, pox2, pox3] = chain.net.poxUnlockHeights;
  const rewarded = height - REWARD_MATURITY;
  return {
    block_hash: blockHash(chain, height),
    block_height: height,
    block_time: b.time[row] as number,
    burn_block_time: b.burnTime[row] as number,
    burn_block_hash: b.hex(BlockKey.BurnHash, row),
    burn_block_height: b.burnHeight[row] as number,
    miner_txid: b.hex(BlockKey.MinerTxid, row),
    index_block_hash: indexBlockHash(chain, height),
    parent_index_block_hash: indexBlockHash(chain, height - 1),
    parent_block_hash: blockHash(chain, height - 1),
    parent_microblock: confirmed < 0 ? ZERO_HASH : toHex(chain.microblocks.hash, confirmed * 32, 32),
    parent_microblock_sequence: confirmed < 0 ? 0 : (chain.microblocks.sequence[confirmed] as number),
    parent_burn_block_hash: row > 0 ? b.hex(BlockKey.BurnHash, row - 1) : ZERO_HASH,
    parent_burn_block_height: row > 0 ? (b.burnHeight[row - 1] as number) : 0,
    parent_burn_block_timestamp: row > 0 ? (b.burnTime[row - 1] as number) : 0,
    tenure_height: b.tenureHeight[row] as number,
    events,
    transactions,
    matured_miner_rewards:
      rewarded >= 1
        ? [
            {
              from_index_consensus_hash: indexBlockHash(chain, rewarded),
              from_stacks_block_hash: blockHash(chain, rewarded),
              recipient: chain.principals.name(b.miner[rewarded - 1] as number),
              miner_address: chain.principals.name(b.miner[rewarded - 1] as number),
              coinbase_amount: String(b.reward[rewarded - 1]),
              tx_fees_anchored: '0',
              tx_fees_streamed_confirmed: '0',
              tx_fees_streamed_produced: '0',
            },
          ]
        : [],
    anchored_cost: costObject(blockCostsOf(chain, height)),
    confirmed_microblocks_cost: NO_COST,
    pox_v1_unlock_height: pox1,
    pox_v2_unlock_height: pox2,
    pox_v3_unlock_height: pox3,
    signer_bitvec: null,
    cycle_number: null,
    reward_set: null,
  };
}

/** The last microblock among transactions `[first, end)`: the stream tip the block confirms; -1 if none. */
function lastMicroblock(chain: Chain, first: number, end: number): number {
  let last = -1;
  for (let tx = first; tx < end; tx++) last = Math.max(last, chain.txs.micro.at(tx));
  return last;
}

/** `/new_microblocks` for each microblock streamed on top of the tip (unanchored transactions). */
export function unanchoredMessages(chain: Chain, interfaceOf: InterfaceOf) {
  const messages = [];
  const tip = tipHeight(chain);
  const row = tip - 1;
  let tx = chain.anchoredCount;
  while (tx < chain.txs.count) {
    const micro = chain.txs.micro.at(tx);
    let end = tx + 1;
    while (end < chain.txs.count && chain.txs.micro.at(end) === micro) end++;
    messages.push({
      parent_index_block_hash: indexBlockHash(chain, tip),
      burn_block_hash: chain.blocks.hex(BlockKey.BurnHash, row),
      burn_block_height: burnHeightAt(chain, tip),
      burn_block_timestamp: chain.blocks.burnTime[row] as number,
      ...txsAndEvents(chain, tx, end, interfaceOf),
    });
    tx = end;
  }
  return messages;
}

const DROP_REASONS: Partial<Record<Status, string>> = {
  [Status.DroppedReplaceByFee]: 'ReplaceByFee',
  [Status.DroppedReplaceAcrossFork]: 'ReplaceAcrossFork',
  [Status.DroppedTooExpensive]: 'TooExpensive',
  [Status.DroppedStaleGarbageCollect]: 'StaleGarbageCollect',
  [Status.DroppedProblematic]: 'Problematic',
};

/** Why the node dropped mempool row `tx`, as `/drop_mempool_tx` says it; undefined while pending. */
export function dropReason(chain: Chain, tx: number): string | undefined {
  return DROP_REASONS[chain.mempool.status[tx] as Status];
}
