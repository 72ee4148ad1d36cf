import { serializeBalances } from '../serialize/balances.ts';
import { serializeBlock } from '../serialize/block.ts';
import { addressTxEvent } from '../serialize/events.ts';
import { serializeMempoolStats } from '../serialize/mempool-stats.ts';
import { serializeStatus } from '../serialize/status.ts';
import { confirmedTx, pendingTx } from '../serialize/transaction.ts';
import { singleTxWithTransfers, txWithTransfers } from '../serialize/transfers.ts';
import type {
  AddressTxEvent,
  Balances,
  Block,
  MempoolStats,
  Page,
  ServerStatus,
  SingleTxWithTransfers,
  TxListEntry,
  TxWithTransfers,
} from '../serialize/types.ts';
import type { WorldIndex } from '../query/catalogue.ts';
import { WorldQueries, type BlockRef, type HistoryQuery, type UntilBlock } from '../query/world-queries.ts';
import { buildChain } from '../world/generate/build-chain.ts';
import type { Chain } from '../world/tables/chain.ts';
import { resolveOptions, type WorldOptions } from '../world/options.ts';

export type { WorldOptions } from '../world/options.ts';
export type { WorldIndex } from '../query/catalogue.ts';
export type { BlockRef, UntilBlock } from '../query/world-queries.ts';
export type * from '../serialize/types.ts';

export type TransactionsWithTransfersQuery = HistoryQuery;

/**
 * A seeded Stacks chain answering the eight extended operations: each answer is a query, then its
 * serializer; "not found" (an unknown block, transaction or until_block) is `undefined`. Results are fresh objects except status() and mempoolStats(), which are computed
 * once: treat them as read-only.
 */
export interface World {
  readonly options: WorldOptions;
  readonly queries: WorldQueries;
  /** Goes up with every change of the chain (a block, a transaction, a reorg, a reset). */
  readonly version: number;
  status(): ServerStatus;
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
  ): Page<TxWithTransfers> | undefined;
  balances(principal: string, q: { untilBlock?: UntilBlock; unanchored: boolean }): Balances | undefined;
  txWithTransfers(principal: string, txId: string): SingleTxWithTransfers | undefined;
  index(): WorldIndex;
}

/** A world whose chain changes under it: the owner of the chain says when, and the world follows. */
export interface LiveWorld extends World {
  /** The chain grew in place; or, given a chain, the world now answers from that one. */
  changed(replaced?: Chain): void;
}

export function createWorld(options?: Partial<WorldOptions>): World {
  return worldOver(buildChain(resolveOptions(options)));
}

/** The facade over a chain that its owner (a `ChainBuilder`) may grow, reorganize or replace. */
export function worldOver(chain: Chain): LiveWorld {
  return new SeededWorld(new WorldQueries(chain));
}

class SeededWorld implements LiveWorld {
  readonly options: WorldOptions;
  version = 0;
  private cachedStatus?: ServerStatus;
  private cachedStats?: MempoolStats;

  constructor(public queries: WorldQueries) {
    this.options = queries.chain.options;
  }

  changed(replaced?: Chain): void {
    if (replaced) this.queries = new WorldQueries(replaced);
    else this.queries.advance();
    this.cachedStatus = undefined;
    this.cachedStats = undefined;
    this.version++;
  }

  status(): ServerStatus {
    return (this.cachedStatus ??= serializeStatus(this.queries.chain));
  }

  block(ref: BlockRef): Block | undefined {
    const height = this.queries.blockHeight(ref);
    return height === undefined ? undefined : serializeBlock(this.queries.chain, height);
  }

  txListDetails(
    txIds: string[],
    opts: { eventLimit: number; eventOffset: number; unanchored: boolean },
  ): Record<string, TxListEntry> {
    const chain = this.queries.chain;
    const entries: Record<string, TxListEntry> = {};
    for (const txId of txIds) {
      if (txId in entries) continue;
      const found = this.queries.findListedTx(txId, opts.unanchored);
      if (found?.table === 'mempool') {
        entries[txId] = { found: true, result: pendingTx(chain, found.tx) };
      } else if (found) {
        const page = { limit: opts.eventLimit, offset: opts.eventOffset };
        entries[txId] = { found: true, result: confirmedTx(chain, found.tx, page) };
      } else {
        entries[txId] = { found: false, result: { tx_id: txId } };
      }
    }
    return entries;
  }

  mempoolStats(): MempoolStats {
    return (this.cachedStats ??= serializeMempoolStats(this.queries.chain, this.queries.mempoolSamples()));
  }

  addressTxEvents(
    principal: string,
    txId: string,
    page: { limit: number; offset: number },
  ): Page<AddressTxEvent> | undefined {
    const transfers = this.queries.addressTransfers(principal, txId);
    if (!transfers) return undefined;
    return {
      limit: page.limit,
      offset: page.offset,
      total: transfers.length,
      results: transfers
        .slice(page.offset, page.offset + page.limit)
        .map((t) => addressTxEvent(this.queries.chain, t)),
    };
  }

  transactionsWithTransfers(
    principal: string,
    q: TransactionsWithTransfersQuery,
  ): Page<TxWithTransfers> | undefined {
    const history = this.queries.history(principal, q);
    if (!history) return undefined;
    const { rows, ...page } = history;
    return { ...page, results: rows.map((r) => txWithTransfers(this.queries.chain, r.tx, r.transfers)) };
  }

  balances(principal: string, q: { untilBlock?: UntilBlock; unanchored: boolean }): Balances | undefined {
    const answer = this.queries.balances(principal, q);
    if (!answer) return undefined;
    return serializeBalances(this.queries.chain, answer.facts, answer.mempool, answer.vesting);
  }

  txWithTransfers(principal: string, txId: string): SingleTxWithTransfers | undefined {
    const found = this.queries.txTransfers(principal, txId);
    return found && singleTxWithTransfers(this.queries.chain, found.tx, found.transfers);
  }

  index(): WorldIndex {
    return this.queries.catalogue();
  }
}
