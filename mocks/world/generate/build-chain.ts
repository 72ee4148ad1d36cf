import { en, Faker } from '@faker-js/faker';
import { createAccounts, createMemos } from './accounts.ts';
import { BlockTable } from '../tables/block-table.ts';
import {
  addToMempool,
  buildMempool,
  draftArriving,
  reservation,
  type MempoolBuildContext,
} from './build-mempool.ts';
import { feePayer, type Chain } from '../tables/chain.ts';
import { MicroblockTable } from '../tables/microblocks.ts';
import { ContractRegistry } from './contract-registry.ts';
import { FT_INITIAL_SUPPLY, type Contract } from '../tables/contracts.ts';
import { openingRequests } from './opening-requests.ts';
import { DeclaredActivity } from './declared-activity.ts';
import { WorldFileError } from '../declared/plan.ts';
import {
  draftUserTx,
  randomAction,
  randomMicroblockAction,
  type DraftContext,
  type DraftRequest,
  type UserTx,
} from './draft-tx.ts';
import { eventsOf, forEachEvent } from '../derive/events.ts';
import { Action, AnchorMode, ContractKind, Status } from '../tables/kinds.ts';
import { takeCheckpoint, type Checkpoint } from './checkpoint.ts';
import { Ledger } from './ledger.ts';
import { REWARD_MATURITY } from '../derive/miner-rewards.ts';
import { NETWORKS, type NetworkParams } from '../tables/network.ts';
import type { WorldOptions } from '../options.ts';
import { Principals } from '../tables/principals.ts';
import { Rng } from './rng.ts';
import { blankDraft, TxTable, type TxDraft } from '../tables/tx-table.ts';

const COINBASE_REWARD = 1_000_000_000;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface QueuedRequest extends DraftRequest {
  attempts: number;
}

/** Reorgs reach back at most this many blocks: the builder keeps a checkpoint for each. */
export const MAX_REORG_DEPTH = 100;
const EVICTED_KEPT_BLOCKS = 100;

/**
 * Generates the whole chain of a world from its options; deterministic in the seed. A world file's
 * declared activity is woven in; when any of it cannot happen, a WorldFileError lists every problem.
 */
export function buildChain(options: WorldOptions): Chain {
  return new ChainBuilder(options).build();
}

/**
 * Walks the heights once: each block gets its tenure bookkeeping, its system transactions
 * (coinbase, tenure change, boot deploys) and user transactions drafted against a running ledger.
 * The builder then stays alive for a living chain: `mine()` appends one block with the same
 * running state, so a block costs what its transactions cost, whatever the chain's length.
 */
export class ChainBuilder {
  private readonly rng: Rng;
  private readonly net: NetworkParams;
  private readonly principals = new Principals();
  private readonly registry: ContractRegistry;
  private readonly blocks: BlockTable;
  private readonly txs: TxTable;
  private readonly microblocks = new MicroblockTable();
  private readonly ledger = new Ledger();
  /** Each principal's next nonce, counting pending transactions: what a new one gets. */
  private nonces: number[] = [];
  /** Each principal's next nonce on chain: mined transactions only. */
  private chainNonces: number[] = [];
  private queue: QueuedRequest[];
  private memos: string[];
  private readonly checkpoints = new Map<number, Checkpoint>();
  /** Mempool rows that a user submitted: the next block mines them, whatever the draw. */
  private submitted = new Set<string>();
  /** Mempool rows evicted while mining, with the height that evicted them. */
  private evicted = new Map<number, number>();
  /** Pending deployments mined in the last blocks: a reorg past one makes its contract pending again. */
  private minedDeploys: { contract: number; height: number }[] = [];
  private readonly boot: number;
  private readonly miners: readonly number[];
  private readonly ctx: Mutable<DraftContext>;
  private readonly chain: Mutable<Chain>;
  private readonly declared: DeclaredActivity | undefined;
  /** Ids of declared transactions come from their own generator, so the background stays the seed's. */
  private readonly declaredRng: Rng;

  private burnHeight = 0;
  private burnTime = 0;
  private blockTime = 0;
  private tenureHeight = 0;
  private tenureLeft = 0;
  private tenureBlocks = 0;
  private tenureMiner = -1;
  private blockFees = 0;
  private readonly draft: TxDraft = blankDraft();

  constructor(private readonly options: WorldOptions) {
    this.rng = new Rng(options.seed);
    const faker = new Faker({ locale: [en] });
    faker.seed(options.seed);
    this.net = NETWORKS[options.network];
    this.registry = new ContractRegistry(this.principals, faker, this.rng, options.nakamotoHeight);
    this.blocks = new BlockTable(options.blocks);
    this.txs = new TxTable(Math.max(1024, options.blocks * (options.maxTxsPerBlock / 2 + 3)));
    this.declaredRng = new Rng(options.seed ^ 0x5eed_f11e);
    this.declared = options.declared && new DeclaredActivity(options.declared, this.principals);
    const accounts = createAccounts(this.rng, this.principals, this.net, options.addresses, options.blocks);
    const memos = createMemos(faker);
    this.memos = memos;
    this.boot = accounts.boot;
    this.miners = accounts.miners;
    this.queue = openingRequests().map((r) => ({ ...r, attempts: 0 }));
    const funding = this.declared?.genesisFunding() ?? { recipients: [], amounts: [] };
    const background = this.declared?.plan.background
      ? [...accounts.accounts, ...this.declared.accounts()]
      : accounts.accounts;
    this.ctx = {
      rng: this.rng,
      ledger: this.ledger,
      accounts: background,
      contracts: this.registry.contracts,
      deployed: this.registry.deployed,
      poxContract: -1,
      memoCount: memos.length,
      burnHeight: 0,
      isContract: (p) => this.principals.isContract(p),
    };
    this.chain = {
      options,
      net: this.net,
      principals: this.principals,
      contracts: this.registry.contracts,
      blocks: this.blocks,
      txs: this.txs,
      anchoredCount: 0,
      microblocks: this.microblocks,
      mempool: new TxTable(16),
      receiptTime: [],
      genesisRecipients: [...accounts.accounts, ...funding.recipients],
      genesisAmounts: [...accounts.genesisAmounts, ...funding.amounts],
      memos,
      mints: this.declared?.mints ?? new Map(),
      vesting: new Map([...accounts.vesting, ...(this.declared?.vesting() ?? [])]),
      miners: accounts.miners,
      poxContract: -1,
    };
  }

  build(): Chain {
    const blocks = this.options.blocks;
    for (let h = 1; h <= blocks; h++) {
      this.buildBlock(h, this.txs.count);
      // A reorg of depth d goes back to the checkpoint d blocks below the tip.
      if (h >= blocks - MAX_REORG_DEPTH) this.checkpoint();
    }
    this.chain.anchoredCount = this.txs.count;
    this.ctx.burnHeight = this.burnHeight;
    this.microblockStream(blocks + 1, true);
    // The tables keep their spare rows: pages never written are never resident, so they cost no
    // memory, while trimming would copy every column (over a second at 10M transactions) and
    // the next mined block would double the table again.
    const mempool = buildMempool(this.mempoolContext());
    this.chain.mempool = mempool.table;
    this.chain.receiptTime = mempool.receiptTime;
    if (this.declared) {
      this.declaredMempool(this.declared);
      if (this.declared.problems.length > 0) throw new WorldFileError(this.declared.problems);
    }
    if (this.options.tipTime !== undefined) this.shiftTimes(this.options.tipTime - this.blockTime);
    return this.chain;
  }

  get current(): Chain {
    return this.chain;
  }

  /**
   * Appends one block: it confirms the unanchored stream on the tip, the transactions users
   * submitted, some seeded pending ones, and new seeded transactions; new seeded transactions
   * arrive in the mempool; a new unanchored stream sits on the new tip. `seconds` after the tip's
   * time (a clock's period), or a seeded 5-15 s.
   */
  mine(seconds?: number): void {
    const h = this.blocks.count + 1;
    this.blocks.ensureRoom();
    // Only the stream on the tip is unanchored: it sits at the end of the list.
    const micro = this.microblocks;
    for (let i = micro.count - 1; i >= 0 && micro.unanchored[i] === 1; i--) micro.unanchored[i] = 0;
    const time = this.blockTime + (seconds ?? this.rng.range(5, 15));
    this.buildBlock(h, this.chain.anchoredCount, time);
    this.dropUnminable(h);
    this.chain.anchoredCount = this.txs.count;
    this.ctx.burnHeight = this.burnHeight;
    this.microblockStream(h + 1, true);
    this.receiveArrivals(this.rng.range(2, 8));
    this.checkpoint();
    this.checkpoints.delete(h - MAX_REORG_DEPTH - 1);
    const oldest = this.checkpoints.get(h - MAX_REORG_DEPTH);
    if (oldest) this.ledger.forget(oldest.ledgerMark);
    this.minedDeploys = this.minedDeploys.filter((d) => d.height > h - MAX_REORG_DEPTH);
  }

  /** Puts a transaction a user submitted in the mempool; its id, or a refusal. */
  submit(tx: UserTx, memo?: string): string {
    if (memo !== undefined) {
      tx.aux = this.memos.length;
      this.memos.push(memo);
    }
    const row = addToMempool(this.mempoolContext(), this.chain.mempool, this.receipts, tx, 0, true);
    const id = this.chain.mempool.idHex(row);
    this.submitted.add(id);
    return id;
  }

  /** The ledger drafts see now (pending spends held back): what a node checks a new transaction against. */
  get draftContext(): DraftContext {
    return this.ctx;
  }

  /**
   * The last `depth` blocks leave the chain and `depth + 1` new ones replace them. Their
   * transactions (and the unanchored stream's) go back to the mempool, as the real service
   * restores orphaned transactions, unless they no longer fit the ledger (then they are dropped,
   * `dropped_replace_across_fork`); the new blocks mine them by the usual rule.
   */
  reorg(depth: number, seconds?: number): void {
    const target = this.blocks.count - depth;
    const checkpoint = this.checkpoints.get(target);
    if (!checkpoint) throw new RangeError(`a reorg reaches back at most ${this.reorgReach()} blocks`);
    const orphans = this.orphanedTxs(checkpoint);
    const pending = this.chain.mempool;
    const pendingTimes = this.chain.receiptTime;
    const forgotten = {
      contracts: this.registry.contracts.slice(checkpoint.contracts),
      names: this.principals.names.slice(checkpoint.principals),
    };
    this.restore(checkpoint);
    for (let h = target + 1; h <= this.blocks.count + depth; h++) this.checkpoints.delete(h);
    const leaving = this.reregisterForgotten(checkpoint, forgotten, [orphans, pending]);
    this.restoreMempool(checkpoint, orphans, pending, pendingTimes, leaving);
    for (let i = 0; i <= depth; i++) this.mine(seconds);
  }

  /** How deep a reorg may go now. */
  reorgReach(): number {
    let depth = 0;
    while (this.checkpoints.has(this.blocks.count - depth - 1)) depth++;
    return depth;
  }

  /** The mempool's receipt times: the builder owns the array it gave the chain. */
  private get receipts(): number[] {
    return this.chain.receiptTime as number[];
  }

  private mempoolContext(): MempoolBuildContext {
    return {
      chain: this.chain,
      draft: this.ctx,
      nonces: this.nonces,
      deploy: (kind, deployer) => this.registry.deploy(kind, deployer, true, this.blocks.count),
    };
  }

  private checkpoint(): void {
    this.ledger.startJournal();
    this.checkpoints.set(
      this.blocks.count,
      takeCheckpoint({
        blocks: this.blocks.count,
        txs: this.txs.count,
        microblocks: this.microblocks.count,
        principals: this.principals.count,
        contracts: this.registry.contracts.length,
        deployed: {
          ft: this.registry.deployed.ft.length,
          nft: this.registry.deployed.nft.length,
          vault: this.registry.deployed.vault.length,
          plain: this.registry.deployed.plain.length,
        },
        ledgerMark: this.ledger.mark(),
        nonces: this.nonces,
        chainNonces: this.chainNonces,
        queue: this.queue,
        mempool: this.chain.mempool,
        receiptTime: this.chain.receiptTime,
        submitted: this.submitted,
        clock: {
          burnHeight: this.burnHeight,
          burnTime: this.burnTime,
          blockTime: this.blockTime,
          tenureHeight: this.tenureHeight,
          tenureLeft: this.tenureLeft,
          tenureBlocks: this.tenureBlocks,
          tenureMiner: this.tenureMiner,
        },
      }),
    );
  }

  /** User transactions mined after the checkpoint, unanchored ones included, in chain order. */
  private orphanedTxs(checkpoint: Checkpoint): TxTable {
    const orphans = new TxTable(16);
    for (let tx = checkpoint.txs; tx < this.txs.count; tx++) {
      const action = this.txs.action[tx] as Action;
      if (action === Action.Coinbase || action === Action.TenureChange || action === Action.Genesis) continue;
      orphans.copyRow(this.txs, tx, { status: Status.Pending, micro: -1 });
    }
    return orphans;
  }

  /**
   * What a reorg forgets with the blocks after the checkpoint (contracts deployed in them, and
   * addresses first seen there) comes back with the transactions that name it: a deployment back
   * in the mempool registers its contract again, pending, under its own name, and an address is
   * known again by its name. The rows coming back are rewritten to name the new entries; a row
   * naming something that does not come back leaves with its block (the rows returned, per table).
   */
  private reregisterForgotten(
    c: Checkpoint,
    forgotten: { contracts: readonly Contract[]; names: readonly string[] },
    tables: readonly TxTable[],
  ): Map<TxTable, Set<number>> {
    const contracts = new Map<number, number>();
    const principals = new Map<number, number>();
    const contractPrincipals = new Set(forgotten.contracts.map((old) => old.principal));
    for (const table of tables)
      for (let row = 0; row < table.count; row++) {
        const old = forgotten.contracts[(table.contract[row] as number) - c.contracts];
        if (table.action[row] !== Action.Deploy || !old || contracts.has(old.index)) continue;
        // A vault keeps its pair token: the pair's deployment comes first, kept or back pending.
        const pair = old.pair < c.contracts ? old.pair : contracts.get(old.pair);
        if (pair === undefined) continue;
        const fresh = this.registry.redeployPending(old, this.blocks.count, pair);
        contracts.set(old.index, fresh);
        principals.set(old.principal, (this.registry.contracts[fresh] as Contract).principal);
      }
    const principalOf = (p: number): number | undefined => {
      if (p < c.principals) return p;
      const known = principals.get(p);
      if (known !== undefined || contractPrincipals.has(p)) return known;
      const fresh = this.principals.addStandard(forgotten.names[p - c.principals] as string);
      principals.set(p, fresh);
      return fresh;
    };
    const leaving = new Map<TxTable, Set<number>>();
    for (const table of tables) {
      const rows = new Set<number>();
      for (let row = 0; row < table.count; row++) {
        const contract = table.contract[row] as number;
        const newContract = contract < c.contracts ? contract : contracts.get(contract);
        const sender = principalOf(table.sender[row] as number);
        const peer = (table.peer[row] as number) < 0 ? -1 : principalOf(table.peer[row] as number);
        // A sponsor is a funded account from before any reorg can reach; one that is not stays behind.
        if (
          newContract === undefined ||
          sender === undefined ||
          peer === undefined ||
          table.sponsor.at(row) >= c.principals
        ) {
          rows.add(row);
          continue;
        }
        table.contract[row] = newContract;
        table.sender[row] = sender;
        table.peer[row] = peer;
      }
      leaving.set(table, rows);
    }
    return leaving;
  }

  private restore(c: Checkpoint): void {
    this.blocks.truncate(c.blocks);
    this.txs.truncate(c.txs);
    this.microblocks.truncate(c.microblocks);
    this.principals.truncate(c.principals);
    this.registry.contracts.length = c.contracts;
    // A contract registered after the checkpoint is forgotten above (and registered again if its
    // deployment comes back): only the ones the checkpoint knew become pending again.
    for (const d of this.minedDeploys)
      if (d.height > c.blocks && d.contract < c.contracts) this.registry.unconfirm(d.contract);
    this.minedDeploys = this.minedDeploys.filter((d) => d.height <= c.blocks);
    this.registry.deployed.ft.length = c.deployed.ft;
    this.registry.deployed.nft.length = c.deployed.nft;
    this.registry.deployed.vault.length = c.deployed.vault;
    this.registry.deployed.plain.length = c.deployed.plain;
    this.ledger.rewind(c.ledgerMark);
    this.nonces = [...c.nonces];
    this.chainNonces = [...c.chainNonces];
    this.queue = c.queue.map((q) => ({ ...q }));
    this.submitted = new Set(c.submitted);
    ({
      burnHeight: this.burnHeight,
      burnTime: this.burnTime,
      blockTime: this.blockTime,
      tenureHeight: this.tenureHeight,
      tenureLeft: this.tenureLeft,
      tenureBlocks: this.tenureBlocks,
      tenureMiner: this.tenureMiner,
    } = c.clock);
    this.chain.anchoredCount = this.unanchorStream(c);
    this.ctx.burnHeight = this.burnHeight;
  }

  /**
   * A checkpoint `mine` took holds the stream that sat unanchored on its tip, and the block that
   * confirmed it is gone: it is unanchored again, so the next block confirms it first, as any
   * appended block does. Returns the anchored count: where the checkpoint's last block ends.
   */
  private unanchorStream(c: Checkpoint): number {
    const top = c.blocks - 1;
    const anchored = (this.blocks.firstTx[top] as number) + (this.blocks.txCount[top] as number);
    for (let tx = anchored; tx < c.txs; tx++) {
      const micro = this.txs.micro.at(tx);
      if (this.microblocks.has(micro)) this.microblocks.unanchored[micro] = 1;
    }
    return anchored;
  }

  /**
   * The checkpoint's mempool (its pending spends are in the checkpoint's ledger), then the
   * orphans and the transactions that arrived since, each held back again if it still fits.
   */
  private restoreMempool(
    c: Checkpoint,
    orphans: TxTable,
    pending: TxTable,
    times: readonly number[],
    leaving: ReadonlyMap<TxTable, ReadonlySet<number>>,
  ): void {
    const table = c.mempool.filtered(() => true);
    const receiptTime = [...c.receiptTime];
    const known = new Set<string>();
    // Each (account, nonce) a pending transaction holds: one that arrived after the checkpoint
    // may have taken a nonce freed then, which a transaction of the checkpoint's mempool holds again.
    const held = new Set<string>();
    const holds = (t: TxTable, row: number): string[] => [
      `${t.sender[row] as number}:${t.nonce[row] as number}`,
      ...(t.sponsor.at(row) >= 0 ? [`${t.sponsor.at(row)}:${t.sponsorNonce.at(row)}`] : []),
    ];
    for (let row = 0; row < table.count; row++) {
      known.add(table.idHex(row));
      if (table.status[row] === Status.Pending) for (const h of holds(table, row)) held.add(h);
    }
    const comeBack = (from: TxTable, row: number, received: number): void => {
      const id = from.idHex(row);
      if (known.has(id) || leaving.get(from)?.has(row)) return;
      known.add(id);
      const fits =
        from.status[row] === Status.Pending &&
        this.fitsLedger(from, row) &&
        !holds(from, row).some((h) => held.has(h));
      const at = table.copyRow(from, row, fits ? {} : { status: Status.DroppedReplaceAcrossFork });
      receiptTime.push(received);
      if (fits) {
        this.hold(table, at);
        for (const h of holds(table, at)) held.add(h);
      }
      this.raiseNonces(from, row);
    };
    const tip = this.blockTime;
    for (let row = 0; row < orphans.count; row++) comeBack(orphans, row, tip);
    for (let row = 0; row < pending.count; row++) comeBack(pending, row, times[row] ?? tip);
    this.chain.mempool = table;
    this.chain.receiptTime = receiptTime;
    this.evicted = new Map();
    this.dropUnminable(this.blocks.count);
  }

  /**
   * What a node keeps of each account's pending transactions: those whose nonces follow the
   * account's last mined one without a gap. One whose nonce a mined transaction already took (a
   * miner's coinbase, say), or that waits behind a nonce no pending transaction holds (one evicted
   * or left behind in a reorg), can never be mined: it leaves as stale and releases what it held.
   * The account's next nonce is then the first free one, as a wallet would resubmit.
   */
  private dropUnminable(h: number): void {
    const m = this.chain.mempool;
    const minedNext = (p: number): number => this.chainNonces[p] ?? 0;
    let next = new Map<number, number>();
    for (let changed = true; changed;) {
      changed = false;
      const waiting = new Map<number, number[]>();
      const wait = (p: number, nonce: number): void => {
        if (p < 0) return;
        const nonces = waiting.get(p);
        if (nonces) nonces.push(nonce);
        else waiting.set(p, [nonce]);
      };
      for (let row = 0; row < m.count; row++) {
        if (m.status[row] !== Status.Pending) continue;
        wait(m.sender[row] as number, m.nonce[row] as number);
        wait(m.sponsor.at(row), m.sponsorNonce.at(row));
      }
      next = new Map();
      for (const [p, nonces] of waiting) {
        let n = minedNext(p);
        for (const nonce of nonces.sort((a, b) => a - b)) if (nonce === n) n++;
        next.set(p, n);
      }
      const minable = (p: number, nonce: number): boolean =>
        p < 0 || (nonce >= minedNext(p) && nonce < (next.get(p) ?? 0));
      for (let row = 0; row < m.count; row++) {
        if (m.status[row] !== Status.Pending) continue;
        if (
          minable(m.sender[row] as number, m.nonce[row] as number) &&
          minable(m.sponsor.at(row), m.sponsorNonce.at(row))
        )
          continue;
        this.release(m, row);
        m.status[row] = Status.DroppedStaleGarbageCollect;
        this.evicted.set(row, h);
        changed = true;
      }
    }
    // A dropped transaction gives its nonce back, even when nothing of its account is left pending.
    for (let row = 0; row < m.count; row++)
      for (const p of [m.sender[row] as number, m.sponsor.at(row)])
        if (p >= 0) this.nonces[p] = next.get(p) ?? minedNext(p);
  }

  /** Whether a principal has a transaction pending, as sender or sponsor: a new one of theirs waits behind it. */
  private hasPending(principal: number): boolean {
    const m = this.chain.mempool;
    for (let row = 0; row < m.count; row++)
      if (
        m.status[row] === Status.Pending &&
        (m.sender[row] === principal || m.sponsor.at(row) === principal)
      )
        return true;
    return false;
  }

  /** Whether a mined transaction already took the nonce this pending one holds. */
  private stale(m: TxTable, row: number): boolean {
    const sponsor = m.sponsor.at(row);
    return (
      (m.nonce[row] as number) < (this.chainNonces[m.sender[row] as number] ?? 0) ||
      (sponsor >= 0 && m.sponsorNonce.at(row) < (this.chainNonces[sponsor] ?? 0))
    );
  }

  /** A seeded draft a block may take now: its parties have nothing pending (nonces never skip one). */
  private minable(tx: UserTx): boolean {
    return !this.hasPending(tx.sender) && !(tx.sponsor >= 0 && this.hasPending(tx.sponsor));
  }

  private fitsLedger(table: TxTable, row: number): boolean {
    const r = reservation(table, row);
    const sender = table.sender[row] as number;
    const stx = r.payer === sender ? r.fee + r.amount : r.amount;
    if (this.ledger.stxOf(sender) < stx) return false;
    if (r.payer !== sender && this.ledger.stxOf(r.payer) < r.fee) return false;
    return this.ledger.covers(this.eventsAsMined(table, row), r.payer, 0);
  }

  private hold(table: TxTable, row: number): void {
    const r = reservation(table, row);
    this.ledger.debit(r.payer, r.fee);
    this.ledger.debit(table.sender[row] as number, r.amount);
  }

  private release(table: TxTable, row: number): void {
    const r = reservation(table, row);
    this.ledger.credit(r.payer, r.fee);
    this.ledger.credit(table.sender[row] as number, r.amount);
  }

  /** Nonces only go up: a sender's next transaction comes after every one it has in flight. */
  private raiseNonces(table: TxTable, row: number): void {
    const sender = table.sender[row] as number;
    this.nonces[sender] = Math.max(this.nonces[sender] ?? 0, (table.nonce[row] as number) + 1);
    const sponsor = table.sponsor.at(row);
    if (sponsor >= 0)
      this.nonces[sponsor] = Math.max(this.nonces[sponsor] ?? 0, table.sponsorNonce.at(row) + 1);
  }

  /** The events the pending transaction would have once mined (its outcome: success). */
  private eventsAsMined(table: TxTable, row: number) {
    const scratch = new TxTable(1);
    scratch.copyRow(table, row, { status: Status.Success });
    return eventsOf({ ...this.chain, txs: scratch }, 0);
  }

  private receiveArrivals(count: number): void {
    const ctx = this.mempoolContext();
    for (let i = 0; i < count; i++) {
      const tx = draftArriving(this.ctx);
      if (tx) addToMempool(ctx, this.chain.mempool, this.receipts, tx, 0, true);
    }
  }

  /**
   * Mines pending mempool transactions into block h: every one a user submitted, and each seeded
   * one with a seeded chance; a sender's transactions in nonce order, so one left behind holds
   * back the later ones.
   */
  private confirmPending(h: number): void {
    const m = this.chain.mempool;
    const mined = new Set<number>();
    const heldBack = new Set<number>();
    // A user's transaction goes in the next block, so whatever its sender has before it goes too.
    const submitters = new Set<number>();
    for (let row = 0; row < m.count; row++)
      if (this.submitted.has(m.idHex(row))) submitters.add(m.sender[row] as number);
    for (let row = 0; row < m.count; row++) {
      if (m.status[row] !== Status.Pending) continue;
      const sender = m.sender[row] as number;
      const sponsor = m.sponsor.at(row);
      const chosen = submitters.has(sender) || this.rng.chance(0.35);
      // A sponsor's nonce orders its sponsored transactions as its own: one left behind holds both.
      if (heldBack.has(sender) || heldBack.has(sponsor) || !chosen || this.stale(m, row)) {
        heldBack.add(sender);
        if (sponsor >= 0) heldBack.add(sponsor);
        continue;
      }
      this.release(m, row);
      const { payer, fee } = reservation(m, row);
      if (!this.ledger.covers(this.eventsAsMined(m, row), payer, fee)) {
        // The chain moved on under it (a token spent, an NFT id minted): a node evicts it.
        m.status[row] = Status.DroppedStaleGarbageCollect;
        this.evicted.set(row, h);
        // Its nonce is free again: its parties' later ones wait (and leave with the block's end),
        // and a new transaction of theirs in this block takes it.
        heldBack.add(sender);
        this.nonces[sender] = m.nonce[row] as number;
        if (sponsor >= 0) {
          heldBack.add(sponsor);
          this.nonces[sponsor] = m.sponsorNonce.at(row);
        }
        continue;
      }
      const mode = (m.flags[row] as number) & 3;
      const index = this.txs.copyRow(m, row, {
        status: Status.Success,
        height: h,
        flags: ((m.flags[row] as number) & 4) | (mode === AnchorMode.OffChainOnly ? AnchorMode.Any : mode),
      });
      if (m.action[row] === Action.Deploy) {
        this.registry.confirm(m.contract[row] as number);
        this.minedDeploys.push({ contract: m.contract[row] as number, height: h });
      }
      this.settle(index, h);
      mined.add(row);
    }
    // Evicted transactions stay visible (dropped) for a while, then leave: memory stays flat.
    for (const [row, at] of this.evicted) if (at < h - EVICTED_KEPT_BLOCKS) mined.add(row);
    if (mined.size > 0) {
      const times = this.chain.receiptTime;
      for (const row of mined) this.submitted.delete(m.idHex(row));
      const left = new Map<number, number>();
      let next = 0;
      for (let row = 0; row < m.count; row++) {
        if (mined.has(row)) continue;
        const at = this.evicted.get(row);
        if (at !== undefined) left.set(next, at);
        next++;
      }
      this.evicted = left;
      this.chain.mempool = m.filtered((row) => !mined.has(row));
      this.chain.receiptTime = times.filter((_, row) => !mined.has(row));
    }
  }

  private declaredMempool(declared: DeclaredActivity): void {
    const ctx = {
      chain: this.chain,
      draft: { ...this.ctx, rng: this.declaredRng },
      nonces: this.nonces,
      deploy: () => -1,
    };
    for (const entry of declared.plan.mempool) {
      const tx = declared.draft(entry, this.ledger, this.burnHeight, this.registry.poxContract);
      if (tx)
        addToMempool(
          ctx,
          this.chain.mempool,
          this.chain.receiptTime as number[],
          { ...tx, status: Status.Pending },
          0,
          true,
        );
    }
  }

  /** The file's transactions of this height, in file order, ahead of the background's. */
  private declaredTxs(h: number): void {
    if (!this.declared) return;
    if (h === 1) {
      this.declared.deployTokens(this.registry, (tx) =>
        this.pushTx(tx, h, -1, AnchorMode.OnChainOnly, this.declaredRng),
      );
    }
    for (const entry of this.declared.at(h)) {
      const tx = this.declared.draft(entry, this.ledger, this.burnHeight, this.registry.poxContract);
      if (tx) this.pushTx(tx, h, -1, AnchorMode.Any, this.declaredRng);
    }
  }

  private shiftTimes(seconds: number): void {
    const b = this.blocks;
    for (let row = 0; row < b.count; row++) {
      b.time[row] = (b.time[row] as number) + seconds;
      b.burnTime[row] = (b.burnTime[row] as number) + seconds;
    }
    this.chain.receiptTime = this.chain.receiptTime.map((t) => t + seconds);
    this.blockTime += seconds;
    this.burnTime += seconds;
  }

  private buildBlock(h: number, firstTx: number, appendedAt?: number): void {
    const nakamoto = h >= this.options.nakamotoHeight;
    const newTenure = !nakamoto || this.tenureLeft === 0 || h === 1;
    const previousTenureBlocks = this.tenureBlocks;
    if (newTenure) this.startTenure(h, nakamoto, appendedAt);
    this.tenureLeft--;
    this.tenureBlocks++;
    this.blockTime =
      appendedAt ??
      (!nakamoto
        ? this.burnTime
        : newTenure
          ? this.burnTime + this.rng.range(3, 12)
          : this.blockTime + this.rng.range(5, 15));

    const row = h - 1;
    const b = this.blocks;
    b.count = h;
    b.drawHashes(row, this.rng);
    b.time[row] = this.blockTime;
    b.burnTime[row] = this.burnTime;
    b.burnHeight[row] = this.burnHeight;
    b.tenureHeight[row] = this.tenureHeight;
    b.firstTx[row] = firstTx;
    b.miner[row] = this.tenureMiner;
    this.ctx.burnHeight = this.burnHeight;
    this.blockFees = 0;
    // An appended block first confirms the stream that sat unanchored on its parent.
    for (let tx = firstTx; tx < this.txs.count; tx++) this.addToBlock(tx);

    const matured = h - REWARD_MATURITY;
    if (matured >= 1) this.ledger.credit(b.miner[matured - 1] as number, b.reward[matured - 1] as number);

    // The parent's microblock stream is confirmed first, before the block's own transactions.
    if (!nakamoto && h >= 4 && (h === 4 || this.rng.chance(0.12))) this.microblockStream(h, false);
    if (nakamoto && newTenure) {
      this.pushSystemTx(Action.TenureChange, h, 0, previousTenureBlocks);
    } else if (nakamoto && this.rng.chance(0.05)) {
      this.pushSystemTx(Action.TenureChange, h, 1, this.tenureBlocks - 1);
    }
    if (newTenure) this.pushSystemTx(Action.Coinbase, h, 0, 0);
    if (h === 1) {
      this.pushBootDeploy(ContractKind.Genesis, h);
      this.pushBootDeploy(ContractKind.Pox, h);
      this.declaredTxs(h);
    } else {
      // A fresh lock near the tip: whatever the seed, someone has STX locked at the tip.
      if (h === this.options.blocks - 3) this.queue.unshift({ action: Action.StackStx, attempts: 0 });
      this.declaredTxs(h);
      if (appendedAt !== undefined) this.confirmPending(h);
      this.userTxs(h);
    }

    b.txCount[row] = this.txs.count - (b.firstTx[row] as number);
    b.reward[row] = (newTenure ? COINBASE_REWARD : 0) + this.blockFees;
  }

  private startTenure(h: number, nakamoto: boolean, appendedAt?: number): void {
    if (h === 1) {
      this.burnHeight = this.net.burnStartHeight;
      this.burnTime = this.options.genesisTime;
    } else {
      // Now and then a burn block carries no stacks block.
      this.burnHeight += this.rng.chance(0.08) ? 2 : 1;
      this.burnTime =
        appendedAt === undefined
          ? this.burnTime + this.rng.range(480, 720)
          : Math.max(this.burnTime + 1, appendedAt - this.rng.range(3, 12));
    }
    this.blocks.drawTenure(this.tenureHeight + 1, this.rng);
    this.tenureMiner = this.rng.pick(this.miners);
    this.tenureHeight++;
    this.tenureLeft = nakamoto ? this.rng.range(1, 6) : 1;
    this.tenureBlocks = 0;
  }

  private userTxs(h: number): void {
    const slots = Math.max(this.rng.int(this.options.maxTxsPerBlock + 1), this.queue.length > 0 ? 4 : 0);
    for (let i = 0; i < slots; i++) {
      const queued = this.queue.shift();
      const tx = draftUserTx(this.ctx, queued ?? { action: randomAction(this.rng) });
      if (!tx || !this.minable(tx)) {
        // Some requests need an earlier one first (an NFT transfer needs a mint): retry later.
        if (queued && ++queued.attempts < 40) this.queue.push(queued);
        continue;
      }
      const mode = this.rng.chance(0.6) ? AnchorMode.OnChainOnly : AnchorMode.Any;
      this.pushTx(tx, h, -1, mode);
    }
  }

  /** Transactions streamed in microblocks; `unanchored` ones sit on top of the chain tip. */
  private microblockStream(h: number, unanchored: boolean): void {
    const count = unanchored ? 2 : this.rng.range(1, 2);
    for (let sequence = 0; sequence < count; sequence++) {
      let micro = -1;
      const txs = this.rng.range(1, 3);
      for (let i = 0; i < txs; i++) {
        const tx = draftUserTx(this.ctx, { action: randomMicroblockAction(this.rng) });
        if (!tx || !this.minable(tx)) continue;
        if (micro < 0) {
          micro = this.microblocks.push(sequence, unanchored);
          this.rng.fill(this.microblocks.hash, micro * 32, 32);
        }
        const mode = this.rng.chance(0.5) ? AnchorMode.OffChainOnly : AnchorMode.Any;
        this.pushTx(tx, h, micro, mode);
      }
    }
  }

  private pushSystemTx(action: Action, h: number, amount: number, aux: number): void {
    const sender = this.tenureMiner;
    const tx: UserTx = {
      action,
      status: Status.Success,
      sender,
      sponsor: -1,
      fee: 0,
      contract: -1,
      peer: -1,
      amount,
      aux,
      deny: false,
    };
    // A miner signs its coinbase and tenure change with its account's nonce on chain, so a
    // transaction of its own pending with that nonce can no longer be mined.
    this.nonces[sender] = this.chainNonces[sender] ?? 0;
    this.pushTx(tx, h, -1, AnchorMode.OnChainOnly);
  }

  private pushBootDeploy(kind: ContractKind, h: number): void {
    const tx: UserTx = {
      action: kind === ContractKind.Genesis ? Action.Genesis : Action.Deploy,
      status: Status.Success,
      sender: this.boot,
      sponsor: -1,
      fee: 0,
      contract: -1,
      peer: -1,
      amount: 0,
      aux: 0,
      deny: false,
      deployKind: kind,
    };
    this.pushTx(tx, h, -1, AnchorMode.OnChainOnly);
    this.ctx.poxContract = this.registry.poxContract;
    this.chain.poxContract = this.registry.poxContract;
  }

  private pushTx(
    tx: UserTx,
    height: number,
    micro: number,
    anchorMode: AnchorMode,
    ids: Rng = this.rng,
  ): void {
    const index = this.txs.count;
    const contract =
      tx.deployKind === undefined
        ? tx.contract
        : this.registry.deploy(tx.deployKind, tx.sender, false, height);
    // One draft filled again for every transaction (the table copies it): ten million of them
    // would otherwise be ten million objects for the collector.
    const d = this.draft;
    d.action = tx.action;
    d.status = tx.status;
    d.flags = anchorMode | (tx.deny ? 4 : 0);
    d.height = height;
    d.sender = tx.sender;
    d.sponsor = tx.sponsor;
    d.nonce = this.nextNonce(tx.sender);
    d.sponsorNonce = tx.sponsor >= 0 ? this.nextNonce(tx.sponsor) : 0;
    d.fee = tx.fee;
    d.contract = contract;
    d.peer = tx.peer;
    // A token deployment mints its initial supply to the deployer.
    d.amount = tx.deployKind === ContractKind.Ft ? FT_INITIAL_SUPPLY : tx.amount;
    d.aux = tx.aux;
    d.micro = micro;
    this.txs.push(d);
    this.txs.drawId(index, ids);
    this.settle(index, height);
  }

  /** A transaction just put in the chain: its fee and events move the ledger; its block counts it. */
  private settle(index: number, height: number): void {
    this.raiseChainNonces(index);
    this.ledger.debit(feePayer(this.txs, index), this.txs.fee.at(index));
    forEachEvent(this.chain, index, this.ledger.applyEvent);
    // Unanchored transactions belong to no block yet: no block fees (costs are derived per block).
    if (height <= this.blocks.count) this.addToBlock(index);
  }

  private addToBlock(index: number): void {
    this.blockFees += this.txs.fee.at(index);
  }

  private raiseChainNonces(index: number): void {
    const t = this.txs;
    const sender = t.sender[index] as number;
    this.chainNonces[sender] = Math.max(this.chainNonces[sender] ?? 0, (t.nonce[index] as number) + 1);
    const sponsor = t.sponsor.at(index);
    if (sponsor >= 0)
      this.chainNonces[sponsor] = Math.max(this.chainNonces[sponsor] ?? 0, t.sponsorNonce.at(index) + 1);
  }

  private nextNonce(principal: number): number {
    const nonce = this.nonces[principal] ?? 0;
    this.nonces[principal] = nonce + 1;
    return nonce;
  }
}
