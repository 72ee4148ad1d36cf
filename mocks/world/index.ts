import { serializeBalances } from '../serialize/balances.ts';
import { serializeBlock } from '../serialize/block.ts';
import { addressTxEvent } from '../serialize/events.ts';
import { serializeStatus } from '../serialize/status.ts';
import { confirmedTx, pendingTx } from '../serialize/transaction.ts';
import { txWithTransfers } from '../serialize/transfers.ts';
import type {
  AddressTxEvent,
  Balances,
  Block,
  MempoolStats,
  Page,
  Status,
  TxListEntry,
  TxWithTransfers,
} from '../serialize/types.ts';
import { AddressIndex } from './address-index.ts';
import { balanceFacts, vestingFacts, type BalanceFacts } from './balances.ts';
import { buildChain } from './build-chain.ts';
import { buildCatalogue, type WorldIndex } from './catalogue.ts';
import { isUnanchored, tipHeight, type Chain } from './chain.ts';
import { eventsOf } from './events.ts';
import { isInvolved } from './involvement.ts';
import { ChainLookups } from './lookups.ts';
import { MempoolDeltas } from './mempool-deltas.ts';
import { mempoolStats } from './mempool-stats.ts';
import { MinerRewards } from './miner-rewards.ts';
import { resolveOptions, type WorldOptions } from './options.ts';
import { transfersOf } from './transfers.ts';

export type { WorldOptions } from './options.ts';
export type { WorldIndex } from './catalogue.ts';
export type * from '../serialize/types.ts';

export type BlockRef = { latest: true } | { height: number } | { hash: string };
/** A block hash here matches `hash` only, as the real service's until_block lookup does. */
export type UntilBlock = { height: number } | { hash: string };
export type BlockNotFound = { blockNotFound: true };

export interface TransactionsWithTransfersQuery {
  limit: number;
  offset: number;
  height?: number;
  untilBlock?: UntilBlock;
  unanchored: boolean;
}

/**
 * A seeded Stacks chain answering the eight extended operations. Results are fresh objects except
 * status() and mempoolStats(), which are computed once: treat them as read-only.
 */
export interface World {
  readonly options: WorldOptions;
  status(): Status;
  block(ref: BlockRef): Block | undefined;
  txListDetails(
    txIds: string[],
    opts: { eventLimit: number; eventOffset: number; unanchored: boolean },
  ): Record<string, TxListEntry>;
  mempoolStats(): MempoolStats;
  addressTxEvents(
    principal: string,
    txId: string,
    page: { limit: number; offset: number },
  ): Page<AddressTxEvent> | undefined;
  transactionsWithTransfers(
    principal: string,
    q: TransactionsWithTransfersQuery,
  ): Page<TxWithTransfers> | BlockNotFound;
  balances(principal: string, q: { untilBlock?: UntilBlock; unanchored: boolean }): Balances | BlockNotFound;
  txWithTransfers(principal: string, txId: string): TxWithTransfers | undefined;
  index(): WorldIndex;
}

export function createWorld(options?: Partial<WorldOptions>): World {
  return new SeededWorld(buildChain(resolveOptions(options)));
}

class SeededWorld implements World {
  readonly options: WorldOptions;
  private readonly lookups: ChainLookups;
  private readonly addresses: AddressIndex;
  private readonly rewards: MinerRewards;
  private readonly deltas: MempoolDeltas;
  private readonly currentBalances = new Map<string, BalanceFacts>();
  private cachedStatus?: Status;
  private cachedStats?: MempoolStats;
  private cachedIndex?: WorldIndex;

  constructor(private readonly chain: Chain) {
    this.options = chain.options;
    this.lookups = new ChainLookups(chain);
    this.addresses = new AddressIndex(chain);
    this.rewards = new MinerRewards(chain);
    this.deltas = new MempoolDeltas(chain);
  }

  status(): Status {
    return (this.cachedStatus ??= serializeStatus(this.chain));
  }

  block(ref: BlockRef): Block | undefined {
    const tip = tipHeight(this.chain);
    const height =
      'latest' in ref ? tip : 'height' in ref ? ref.height : this.lookups.blockHeightByHash(ref.hash, true);
    return this.chain.blocks.row(height) < 0 ? undefined : serializeBlock(this.chain, height);
  }

  txListDetails(
    txIds: string[],
    opts: { eventLimit: number; eventOffset: number; unanchored: boolean },
  ): Record<string, TxListEntry> {
    const entries: Record<string, TxListEntry> = {};
    for (const txId of txIds) {
      if (txId in entries) continue;
      const found = this.lookups.findTx(txId);
      if (found?.table === 'mempool') {
        entries[txId] = { found: true, result: pendingTx(this.chain, found.tx) };
      } else if (found && (opts.unanchored || !isUnanchored(this.chain, found.tx))) {
        const page = { limit: opts.eventLimit, offset: opts.eventOffset };
        entries[txId] = { found: true, result: confirmedTx(this.chain, found.tx, page) };
      } else {
        entries[txId] = { found: false, result: { tx_id: txId } };
      }
    }
    return entries;
  }

  mempoolStats(): MempoolStats {
    return (this.cachedStats ??= mempoolStats(this.chain));
  }

  addressTxEvents(
    principal: string,
    txId: string,
    page: { limit: number; offset: number },
  ): Page<AddressTxEvent> | undefined {
    const tx = this.anchoredTx(txId);
    if (tx < 0) return undefined;
    const p = this.chain.principals.find(principal);
    const transfers = p < 0 ? [] : transfersOf(this.chain, tx, p).transfers;
    return {
      limit: page.limit,
      offset: page.offset,
      total: transfers.length,
      results: transfers
        .slice(page.offset, page.offset + page.limit)
        .map((t) => addressTxEvent(this.chain, t)),
    };
  }

  transactionsWithTransfers(
    principal: string,
    q: TransactionsWithTransfersQuery,
  ): Page<TxWithTransfers> | BlockNotFound {
    const maxHeight = this.referenceHeight(q.untilBlock, q.unanchored);
    if (maxHeight === undefined) return { blockNotFound: true };
    const p = this.chain.principals.find(principal);
    // `height` returns the principal's whole block, unpaged, like the real service.
    const height = q.height;
    const atHeight = height !== undefined;
    const txs = atHeight
      ? this.addresses.slice(p, height, Math.min(height, maxHeight))
      : this.addresses.slice(p, 0, maxHeight);
    const results: TxWithTransfers[] = [];
    const first = atHeight ? txs.length - 1 : txs.length - 1 - q.offset;
    const last = atHeight ? 0 : Math.max(0, txs.length - q.offset - q.limit);
    for (let i = first; i >= last; i--) {
      const tx = txs[i] as number;
      results.push(txWithTransfers(this.chain, tx, transfersOf(this.chain, tx, p)));
    }
    return { limit: q.limit, offset: q.offset, total: txs.length, results };
  }

  balances(principal: string, q: { untilBlock?: UntilBlock; unanchored: boolean }): Balances | BlockNotFound {
    const height = this.referenceHeight(q.untilBlock, q.unanchored);
    if (height === undefined) return { blockNotFound: true };
    const p = this.chain.principals.find(principal);
    const current = q.untilBlock === undefined;
    const key = `${p}:${height}`;
    let facts = current ? this.currentBalances.get(key) : undefined;
    if (!facts) {
      facts = balanceFacts(this.chain, this.addresses, this.rewards, p, height);
      if (current) this.currentBalances.set(key, facts);
    }
    return serializeBalances(
      this.chain,
      facts,
      current ? this.deltas.of(p) : undefined,
      vestingFacts(this.chain, p, height),
    );
  }

  txWithTransfers(principal: string, txId: string): TxWithTransfers | undefined {
    const tx = this.anchoredTx(txId);
    const p = this.chain.principals.find(principal);
    if (tx < 0 || p < 0) return undefined;
    const events = eventsOf(this.chain, tx);
    if (!isInvolved(this.chain, tx, events, p)) return undefined;
    return txWithTransfers(this.chain, tx, transfersOf(this.chain, tx, p, events));
  }

  index(): WorldIndex {
    return (this.cachedIndex ??= buildCatalogue(this.chain, this.addresses));
  }

  /** A transaction in an anchored block; unanchored ones are visible only where asked for. */
  private anchoredTx(txId: string): number {
    const found = this.lookups.findTx(txId);
    return found?.table === 'chain' && !isUnanchored(this.chain, found.tx) ? found.tx : -1;
  }

  /** Highest block height a query sees; undefined when until_block names an unknown hash. */
  private referenceHeight(untilBlock: UntilBlock | undefined, unanchored: boolean): number | undefined {
    const tip = tipHeight(this.chain);
    if (!untilBlock) return unanchored ? tip + 1 : tip;
    if ('height' in untilBlock) return Math.min(untilBlock.height, tip);
    const height = this.lookups.blockHeightByHash(untilBlock.hash, false);
    return height < 0 ? undefined : height;
  }
}
