import type { Amount } from '../amount.ts';
import { BlockKey, type BlockTable } from './block-table.ts';
import type { ClarityTx, ClarityTxs } from './clarity-txs.ts';
import type { Contract } from './contracts.ts';
import type { MicroblockTable } from './microblocks.ts';
import type { NetworkParams } from './network.ts';
import type { VestingEntry } from './vesting.ts';
import type { WorldOptions } from '../options.ts';
import type { Principals } from './principals.ts';
import type { TxTable } from './tx-table.ts';
import { Action, ContractKind, Status } from './kinds.ts';

/** A token minted when its contract is deployed: FT micro-units or an NFT id. */
export interface InitialMint {
  readonly recipient: number;
  readonly amount: Amount;
}

/** The generated data of one world: plain tables, no lookups. */
export interface Chain {
  readonly options: WorldOptions;
  readonly net: NetworkParams;
  readonly principals: Principals;
  readonly contracts: readonly Contract[];
  readonly blocks: BlockTable;
  /** Mined transactions in chain order (height, then tx index); the unanchored ones come last. */
  readonly txs: TxTable;
  /** Transactions [0, anchoredCount) are in anchored blocks; the rest are unanchored. */
  readonly anchoredCount: number;
  readonly microblocks: MicroblockTable;
  /** Pending and dropped transactions; `height` is the height at which they were received. */
  readonly mempool: TxTable;
  readonly receiptTime: readonly number[];
  /** Principals funded by the genesis transaction, with their micro-STX. */
  readonly genesisRecipients: readonly number[];
  readonly genesisAmounts: readonly Amount[];
  /** Token-transfer memos as 0x-hex (34 bytes); a transfer's `aux` picks one. */
  readonly memos: readonly string[];
  /** Contracts that mint to given holders when deployed (a world file's tokens), by contract index. */
  readonly mints: ReadonlyMap<number, readonly InitialMint[]>;
  readonly vesting: ReadonlyMap<number, readonly VestingEntry[]>;
  readonly miners: readonly number[];
  readonly poxContract: number;
  /** What the columns cannot hold of the transactions only the Clarity engine runs (broadcast deploys and calls), by id. */
  readonly clarityTxs: ClarityTxs;
  /**
   * The zone files the world's BNS names were registered with, by their hash160 (hex): what
   * owners publish beside a registration, which a node hands its observers as attachments. The
   * names themselves are what the `bns` contract's calls printed (query/bns-names.ts).
   */
  readonly zonefiles: Readonly<Record<string, string>>;
}

/** A chain's tip as its world generated it: its height and index block hash. */
export interface GeneratedTip {
  readonly height: number;
  readonly indexHash: string;
}

const generatedTips = new WeakMap<Chain, GeneratedTip>();

/** Notes `chain`'s tip as generated: called by what generates or restores a world, before it moves. */
export function noteGenerated(chain: Chain): void {
  const height = chain.blocks.count;
  generatedTips.set(chain, {
    height,
    indexHash: height > 0 ? chain.blocks.hex(BlockKey.IndexHash, height - 1) : '',
  });
}

/**
 * `chain`'s generated tip while the chain still holds the generated blocks up to it (no reorg
 * replaced them); undefined once one did, or for a chain no generation noted.
 */
export function generatedTip(chain: Chain): GeneratedTip | undefined {
  const tip = generatedTips.get(chain);
  if (!tip || chain.blocks.count < tip.height || tip.height === 0) return undefined;
  return chain.blocks.hex(BlockKey.IndexHash, tip.height - 1) === tip.indexHash ? tip : undefined;
}

export function tipHeight(chain: Chain): number {
  return chain.blocks.count;
}

export function isUnanchored(chain: Chain, tx: number): boolean {
  return tx >= chain.anchoredCount;
}

/**
 * A mined transaction's index in its block, or in the stream unanchored on the tip: a block's rows
 * are consecutive, and an appended block takes the stream on its parent first, so the index is the
 * row's distance from where its block (or the stream) starts.
 */
export function txIndexOf(chain: Chain, tx: number): number {
  if (isUnanchored(chain, tx)) return tx - chain.anchoredCount;
  return tx - (chain.blocks.firstTx[(chain.txs.height[tx] as number) - 1] as number);
}

/** Who pays the fee: the sponsor of a sponsored transaction, else its sender. */
export function feePayer(table: TxTable, tx: number): number {
  const sponsor = table.sponsor.at(tx);
  return sponsor >= 0 ? sponsor : (table.sender[tx] as number);
}

/** A byte of the transaction's seed: deterministic entropy for what the columns do not hold. */
export function variant(table: TxTable, tx: number, byte: number): number {
  return table.seedByte(tx, byte);
}

export function contractAt(chain: Chain, index: number): Contract {
  const contract = chain.contracts[index];
  if (!contract) throw new RangeError(`unknown contract #${index}`);
  return contract;
}

/**
 * Row `tx` of `table`'s entry among the engine-run transactions: a call only the engine runs, or
 * the deployment of a broadcast contract; undefined for any other row.
 */
export function clarityTxOf(chain: Chain, table: TxTable, tx: number): ClarityTx | undefined {
  const action = table.action[tx];
  if (action !== Action.ClarityCall && action !== Action.Deploy) return undefined;
  if (
    action === Action.Deploy &&
    chain.contracts[table.contract[tx] as number]?.kind !== ContractKind.Broadcast
  )
    return undefined;
  return chain.clarityTxs[table.idHex(tx)];
}

/**
 * The broadcast deployment of contract `id`, among the engine-run transactions: the one that
 * deployed it, else the latest (an aborted deployment frees its name for another).
 */
export function clarityDeployOf(chain: Chain, id: string): ClarityTx | undefined {
  let latest: ClarityTx | undefined;
  for (const entry of Object.values(chain.clarityTxs)) {
    if (entry.payload.kind !== 'deploy' || entry.payload.contract !== id) continue;
    if (entry.outcome?.status === Status.Success) return entry;
    latest = entry;
  }
  return latest;
}

/** Burn height seen from a stacks height; heights past the tip (unanchored) see the tip's. */
export function burnHeightAt(chain: Chain, height: number): number {
  const row = Math.min(height, chain.blocks.count) - 1;
  return chain.blocks.burnHeight[row] as number;
}

/**
 * The burn height row `row`'s arguments were drafted at (`TxDraft.drafted`): its block's, or the
 * block its mempool receipt names, unless it was drafted elsewhere and carries it.
 */
export function draftedBurnHeight(chain: Chain, table: TxTable, row: number): number {
  const drafted = table.drafted.at(row);
  return drafted >= 0 ? drafted : burnHeightAt(chain, table.height[row] as number);
}
