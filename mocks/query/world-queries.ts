import { isUnanchored, tipHeight, type Chain } from '../world/tables/chain.ts';
import { BlockKey } from '../world/tables/block-table.ts';
import { MinerRewards } from '../world/derive/miner-rewards.ts';
import { Status } from '../world/tables/kinds.ts';
import { answersSingleTransaction } from './history-membership.ts';
import { transfersOf, type PrincipalTransfers, type Transfer } from '../world/derive/transfers.ts';
import { AddressIndex } from './address-index.ts';
import { balanceFacts, vestingFacts, type BalanceFacts, type VestingFacts } from './balances.ts';
import { buildCatalogue, type WorldCatalogue } from './catalogue.ts';
import { ChainActivity } from './chain-activity.ts';
import { ChainLookups } from './lookups.ts';
import { MempoolDeltas, type MempoolDelta } from './mempool-deltas.ts';
import { nftHoldings, type NftInstance } from './principal-activity.ts';
import { mapListing, type Listing } from './paging.ts';
import { balanceChangesOf, type TxBalanceChanges } from '../world/derive/balance-changes.ts';
import { mempoolSamples, type MempoolSamples } from './mempool-stats.ts';
import { pendingParties } from './pending-parties.ts';
import { mempoolList, type MempoolFilter, type MempoolOrder } from './mempool-list.ts';
import { nonceFacts, type NonceFacts } from './nonces.ts';
import { replacements } from './replace-by-fee.ts';
import { WorldEngine } from '../world/run/world-engine.ts';
import { perVersion, type Versioned } from './version-memo.ts';
import { ContractDirectory } from './contracts.ts';
import { poxFacts, type PoxFacts } from './pox-facts.ts';
import { buildChain } from '../world/generate/build-chain.ts';
import { ExplorerQueries } from './explorer.ts';
import { BurnchainQueries } from './burnchain-rewards.ts';
import { BnsQueries } from './bns-names.ts';
import { resolveOptions, type WorldOptions } from '../world/options.ts';

export type BlockRef = { latest: true } | { height: number } | { hash: string };
/** A block hash here matches `hash` only, as the real service's until_block lookup does. */
export type UntilBlock = { height: number } | { hash: string };

/** Which of a principal's transactions a history lists. */
export interface HistoryQuery {
  /** Its transactions in this block only. */
  height?: number;
  untilBlock?: UntilBlock;
  unanchored: boolean;
}

/** Where a transaction id was found, as far as the asker may see it. */
export type TxListFind = { table: 'mempool'; tx: number } | { table: 'chain'; tx: number };

export interface TxTransfers {
  tx: number;
  transfers: PrincipalTransfers;
}

export interface BalanceAnswer {
  facts: BalanceFacts;
  /** Given only for the current state (no until_block). */
  mempool: MempoolDelta | undefined;
  vesting: VestingFacts | undefined;
}

/**
 * Questions about one world, answered with plain records (row numbers and facts), never API
 * shapes. Holds the indexes built over the chain's tables; "not found" is `undefined`. The chain
 * may move under it (mocks/control/live-chain.ts says when): `version` goes up, and whatever was
 * computed for the old tip (here, in the response cache, in the served texts) is computed again
 * on its next read (`perVersion`).
 */
export class WorldQueries implements Versioned {
  /** Goes up with every change of the chain (a block, a transaction, a reorg, a reset). */
  version = 0;
  /**
   * Goes up with every change of the mined chain (a block, a reorg, a reset), not when only the
   * mempool changes: what answers read of mined blocks alone stays valid across a broadcast.
   */
  readonly mined = { version: 0 };
  /**
   * The world's contracts in the Clarity engine, following this chain through every change:
   * `await queries.clarity.ready()` (a contract route waits for the warm-up; `ClarityUnavailable`
   * when the engine's package is missing).
   */
  readonly clarity = new WorldEngine(() => this.chain);
  private current: Chain;
  /** Built on first use: a start that only answers the status or the world index never needs them. */
  private lookupsBuilt: ChainLookups | undefined;
  private addressesBuilt: AddressIndex | undefined;
  private activityBuilt: ChainActivity | undefined;
  private rewards: MinerRewards;
  /** The world index of a restored chain, computed when it was built: valid for that version only. */
  private given: { version: number; catalogue: WorldCatalogue } | undefined;
  private readonly deltas = perVersion(this, () => new MempoolDeltas(this.chain));
  private readonly deltasAfterReplacement = perVersion(
    this,
    () => new MempoolDeltas(this.chain, this.replaced()),
  );
  private readonly currentBalances = perVersion(this, () => new Map<string, BalanceFacts>());
  private readonly samples = perVersion(this, () => mempoolSamples(this.chain));
  private readonly replaced = perVersion(this, () => replacements(this.chain));
  private readonly pendingParties = perVersion(this, () => pendingParties(this.chain));
  private readonly contractDirectory = perVersion(this.mined, () => new ContractDirectory(this.chain));
  private readonly poxAtTip = perVersion(this.mined, () => poxFacts(this.chain, tipHeight(this.chain)));
  private readonly samplesAfterReplacement = perVersion(this, () =>
    mempoolSamples(this.chain, this.replaced()),
  );
  private readonly catalogued = perVersion(this, () =>
    this.given?.version === this.version ? this.given.catalogue : buildCatalogue(this.chain, this.activity),
  );

  /** What the explorer's pages ask (v2 block and burn block lists, reward cycles, token contracts). */
  readonly explorer: ExplorerQueries = new ExplorerQueries(this, () => this.current);

  /** The burn chain's PoX payouts (reward slot holders, rewards), drawn from the same reward cycles. */
  readonly burnchain: BurnchainQueries = new BurnchainQueries(
    this,
    () => this.current,
    () => this.explorer.cycles(),
  );

  /** The world's BNS names, as the canonical chain registered them. */
  readonly names: BnsQueries = new BnsQueries(this, () => this.current);

  /** `catalogue`: the chain's world index, when known already (a restored world's). */
  /** Index block hashes of blocks reorgs took away, with their heights (see `orphanAbove`). */
  private readonly orphaned = new Map<string, number>();

  constructor(chain: Chain, catalogue?: WorldCatalogue) {
    this.current = chain;
    this.rewards = new MinerRewards(chain);
    if (catalogue) this.given = { version: this.version, catalogue };
  }

  get chain(): Chain {
    return this.current;
  }

  get options(): WorldOptions {
    return this.current.options;
  }

  /** The chain has grown in place (blocks appended, the mempool changed): the indexes take in what is new. */
  advance(): void {
    this.advanceMempool();
    this.mined.version++;
  }

  /** Only the mempool changed (a transaction submitted or broadcast; a principal it names registered). */
  advanceMempool(): void {
    this.lookupsBuilt?.extend();
    this.addressesBuilt?.extend();
    this.activityBuilt?.extend();
    this.rewards.extend();
    this.version++;
  }

  /** The chain was replaced (a reorg, a reset): the indexes are built again over the new one. */
  replace(chain: Chain, catalogue?: WorldCatalogue): void {
    // Another chain (a reset) has seen none of this one's blocks; a reorg keeps what it orphaned.
    if (chain !== this.current) this.orphaned.clear();
    this.current = chain;
    this.lookupsBuilt = undefined;
    this.addressesBuilt = undefined;
    this.activityBuilt = undefined;
    this.rewards = new MinerRewards(chain);
    this.version++;
    this.mined.version++;
    this.given = catalogue && { version: this.version, catalogue };
  }

  private get lookups(): ChainLookups {
    return (this.lookupsBuilt ??= new ChainLookups(this.current));
  }

  private get addresses(): AddressIndex {
    return (this.addressesBuilt ??= new AddressIndex(this.current));
  }

  private get activity(): ChainActivity {
    return (this.activityBuilt ??= new ChainActivity(this.current));
  }

  /** Height of the block a reference names; a hash may be the block hash or index block hash. */
  blockHeight(ref: BlockRef): number | undefined {
    const height =
      'latest' in ref
        ? tipHeight(this.chain)
        : 'height' in ref
          ? ref.height
          : this.lookups.blockHeightByHash(ref.hash, true);
    return height === undefined || this.chain.blocks.row(height) < 0 ? undefined : height;
  }

  /** A transaction by id: pending in the mempool, or mined (unanchored only when asked for). */
  findListedTx(txId: string, unanchored: boolean): TxListFind | undefined {
    const found = this.lookups.findTx(txId);
    if (found?.table === 'mempool') return { table: 'mempool', tx: found.tx };
    if (found && (unanchored || !isUnanchored(this.chain, found.tx))) return { table: 'chain', tx: found.tx };
    return undefined;
  }

  /** Whether a transaction with this id is known, mined (anchored or not) or in the mempool (pending or dropped). */
  knowsTx(txId: string): boolean {
    return this.lookups.findTx(txId) !== undefined;
  }

  /** Whether the mempool holds a pending transaction: what the real service's mempool ETag digests (none when empty). */
  hasPendingTx(): boolean {
    const m = this.chain.mempool;
    for (let tx = 0; tx < m.count; tx++) if (m.status[tx] === Status.Pending) return true;
    return false;
  }

  /**
   * Whether the principal has a mined transaction that concerns it or, `withMempool`, a pending
   * one it sends, sponsors or receives: the activity the real service computes a principal's
   * ETag from (none for a principal the chain never saw).
   */
  hasActivity(principal: string, withMempool: boolean): boolean {
    const p = this.chain.principals.find(principal);
    if (p < 0) return false;
    if (this.addresses.slice(p, 0, this.chain.blocks.count + 1).length > 0) return true;
    return withMempool && this.pendingParties().has(p);
  }

  /** `replaceByFee`: as a release that does it, without the pending transactions it replaced. */
  mempoolSamples(replaceByFee = false): MempoolSamples {
    return replaceByFee ? this.samplesAfterReplacement() : this.samples();
  }

  /** The mempool list's rows (mempool-list.ts); `replaceByFee`: without the transactions replaced. */
  mempoolList(filter: MempoolFilter, order: MempoolOrder, replaceByFee: boolean): number[] {
    return mempoolList(this.chain, filter, order, replaceByFee ? this.replaced() : undefined);
  }

  /** Pending transactions replaced by fee (by mempool row), with the id of their replacement. */
  replacedByFee(): ReadonlyMap<number, string> {
    return this.replaced();
  }

  /** The principal's transfers in an anchored transaction, all of them (the caller pages). */
  addressTransfers(principal: string, txId: string): readonly Transfer[] | undefined {
    const tx = this.anchoredTx(txId);
    if (tx === undefined) return undefined;
    const p = this.chain.principals.find(principal);
    return p < 0 ? [] : transfersOf(this.chain, tx, p).transfers;
  }

  /**
   * The principal's transactions that operation 6 lists, newest first, up to `until_block` (or
   * the tip); with `height`, those of that block. A row's transfers are found when it is read.
   */
  history(principal: string, q: HistoryQuery): Listing<TxTransfers> | undefined {
    const maxHeight = this.referenceHeight(q.untilBlock, q.unanchored);
    if (maxHeight === undefined) return undefined;
    const p = this.chain.principals.find(principal);
    const { height } = q;
    const txs =
      height === undefined
        ? this.addresses.history(p, 0, maxHeight, true)
        : this.addresses.history(p, height, Math.min(height, maxHeight), true);
    return mapListing(txs, (tx) => ({ tx, transfers: transfersOf(this.chain, tx, p) }));
  }

  balances(
    principal: string,
    q: { untilBlock?: UntilBlock; unanchored: boolean; replaceByFee?: boolean },
  ): BalanceAnswer | undefined {
    const height = this.referenceHeight(q.untilBlock, q.unanchored);
    if (height === undefined) return undefined;
    const p = this.chain.principals.find(principal);
    const current = q.untilBlock === undefined;
    const key = `${p}:${height}`;
    let facts = current ? this.currentBalances().get(key) : undefined;
    if (!facts) {
      facts = balanceFacts(this.chain, this.addresses, this.rewards, p, height);
      if (current) this.currentBalances().set(key, facts);
    }
    return {
      facts,
      mempool: current ? (q.replaceByFee ? this.deltasAfterReplacement() : this.deltas()).of(p) : undefined,
      vesting: vestingFacts(this.chain, p, height),
    };
  }

  /** The nonces the principal has used, mined and pending (as of the tip and its mempool). */
  nonces(principal: string): NonceFacts {
    return nonceFacts(this.chain, this.addresses, this.chain.principals.find(principal));
  }

  /**
   * The nonces the principal had used by the end of a block (by height, or by block hash only):
   * mined ones, nothing pending; undefined when the chain has no such block.
   */
  noncesAt(principal: string, block: UntilBlock): NonceFacts | undefined {
    const height =
      'height' in block
        ? this.blockHeight({ height: block.height })
        : this.lookups.blockHeightByHash(block.hash, false);
    if (height === undefined) return undefined;
    return nonceFacts(this.chain, this.addresses, this.chain.principals.find(principal), height);
  }

  /** The principal's balances at the tip (anchored blocks), with its pending mempool delta. */
  tipBalances(principal: string): BalanceAnswer {
    return this.balances(principal, { unanchored: false }) as BalanceAnswer;
  }

  /** One anchored transaction that operation 8 answers for the principal, with its transfers. */
  txTransfers(principal: string, txId: string): TxTransfers | undefined {
    const tx = this.anchoredTx(txId);
    const p = this.chain.principals.find(principal);
    if (tx === undefined || p < 0) return undefined;
    if (!answersSingleTransaction(this.chain, tx, p)) return undefined;
    return { tx, transfers: transfersOf(this.chain, tx, p) };
  }

  /**
   * Every mined transaction that concerns the principal, newest first, unanchored and sponsor-only
   * ones too: release 9's v2 and v3 histories (operation 6 leaves sponsor-only ones out).
   */
  principalTxs(principal: string): Listing<number> {
    return this.addresses.history(
      this.chain.principals.find(principal),
      0,
      this.chain.blocks.count + 1,
      false,
    );
  }

  /** A mined transaction by normalized id, unanchored ones too. */
  minedTx(txId: string): number | undefined {
    const found = this.lookups.findTx(txId);
    return found?.table === 'chain' ? found.tx : undefined;
  }

  /** What mined transaction `tx` did to the principal's balances, per asset (none when it does not concern it). */
  txBalanceChanges(principal: string, tx: number): TxBalanceChanges {
    return balanceChangesOf(this.chain, tx, this.chain.principals.find(principal));
  }

  /** The NFT instances the principal owns at the tip (anchored blocks). */
  nftHoldings(principal: string): NftInstance[] {
    const p = this.chain.principals.find(principal);
    return nftHoldings(this.chain, this.addresses, p, tipHeight(this.chain));
  }

  /**
   * Before a reorg takes away the blocks above `height`: their index block hashes are remembered
   * with their heights, as the real service keeps every block it has seen (non-canonical).
   */
  orphanAbove(height: number): void {
    for (let h = height + 1; h <= tipHeight(this.chain); h++)
      this.orphaned.set(this.chain.blocks.hex(BlockKey.IndexHash, h - 1), h);
  }

  /**
   * Height of a block the service has seen, by its index block hash: a canonical one, else one a
   * reorg took away (a v2 cursor names its block so, and the real service finds orphaned ones too).
   */
  seenBlockHeight(hash: string): number | undefined {
    return this.blockHeightByIndexHash(hash) ?? this.orphaned.get(hash);
  }

  /** Height of the canonical block whose index block hash is `hash`. */
  blockHeightByIndexHash(hash: string): number | undefined {
    const height = this.lookups.blockHeightByHash(hash, true);
    return height !== undefined && this.lookups.blockHeightByHash(hash, false) === undefined
      ? height
      : undefined;
  }

  /** The mined contracts: each one's deployment and logs. */
  contracts(): ContractDirectory {
    return this.contractDirectory();
  }

  /** pox-4's facts at `height` (the tip's are kept until the mined chain changes). */
  poxFacts(height: number = tipHeight(this.chain)): PoxFacts {
    return height === tipHeight(this.chain) ? this.poxAtTip() : poxFacts(this.chain, height);
  }

  /** What the world holds to try: addresses by role, transactions, blocks (served at /_mock/world). */
  catalogue(): WorldCatalogue {
    return this.catalogued();
  }

  /** A transaction in an anchored block; unanchored ones are visible only where asked for. */
  private anchoredTx(txId: string): number | undefined {
    const found = this.lookups.findTx(txId);
    return found?.table === 'chain' && !isUnanchored(this.chain, found.tx) ? found.tx : undefined;
  }

  /** Highest block height a query sees; undefined when until_block names an unknown hash. */
  private referenceHeight(untilBlock: UntilBlock | undefined, unanchored: boolean): number | undefined {
    const tip = tipHeight(this.chain);
    if (!untilBlock) return unanchored ? tip + 1 : tip;
    if ('height' in untilBlock) return Math.min(untilBlock.height, tip);
    return this.lookups.blockHeightByHash(untilBlock.hash, false);
  }
}

/** The queries over a seeded world built from `options` (a chain that does not move). */
export function createWorldQueries(options?: Partial<WorldOptions>): WorldQueries {
  return new WorldQueries(buildChain(resolveOptions(options)));
}
