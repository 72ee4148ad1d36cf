import { addAmounts } from '../amount.ts';
import { addToMempool, draftArriving, reservation, type MempoolBuildContext } from './build-mempool.ts';
import { receipts, type BuildState } from './build-state.ts';
import type { TxIntent } from './draft-tx.ts';
import { eventsOf, type ChainEvent } from '../derive/events.ts';
import { Action, Status, txTypeOf } from '../tables/kinds.ts';
import { clarityTxOf, draftedBurnHeight, type Chain } from '../tables/chain.ts';
import { TxTable } from '../tables/tx-table.ts';
import { violatesConditions } from '../tables/tx-flags.ts';
import { cycleOf } from '../derive/pox.ts';
import { startBurnHeight, worldFrame } from '../derive/stack-stx.ts';
import type { BlockWork } from '../run/block-work.ts';

/** Evicted transactions stay visible (dropped) for this many blocks, then leave: memory stays flat. */
const EVICTED_KEPT_BLOCKS = 100;

/** What the chain does with a transaction the mempool's confirmation mined. */
export interface MinedHooks {
  /** Row `index` of the chain's transactions was just mined at height h: the ledger takes it in. */
  settle(index: number, h: number): void;
  /** A pending deployment was mined: a reorg past h makes its contract pending again. */
  deployMined(contract: number, h: number): void;
}

/**
 * The Clarity engine as mining needs it (world/run/world-engine.ts). A transaction only the
 * engine runs waits in the mempool until the engine holds the chain below the block.
 */
export interface ClarityRunner {
  /** Whether block h can run in the engine now; when not, the engine starts catching up. */
  holds(chain: Chain, h: number): boolean;
  /**
   * Block h's own rows are in, and pending rows `rows` of `table` run next: the block's work when
   * it stops the block (`ChainBuilder.tryMine` then undoes it), to run them first without holding
   * anyone; undefined when the block goes on.
   */
  beforeRuns?(chain: Chain, h: number, table: TxTable, rows: readonly number[]): BlockWork | undefined;
  /** Runs pending row `row` of `table` as block h mines it, recording what it did (world/run/). */
  runMined(chain: Chain, h: number, table: TxTable, row: number): MinedRun;
}

/**
 * What a block did with a transaction only the engine runs: mined with this status, left out
 * and dropped as too expensive for any block, or left pending (the engine could not run it now).
 */
export type MinedRun = Status | 'too-expensive' | 'waits';

/** The mempool as `build-mempool.ts` fills it, on the builder's state. */
export function mempoolContext(s: BuildState): MempoolBuildContext {
  return {
    chain: s.chain,
    draft: s.draft,
    nonces: s.nonces.pending,
    deploy: (kind, deployer) => s.registry.deploy(kind, deployer, true, s.blocks.count),
  };
}

/**
 * The mempool of a living chain: what each new block mines of it, what a node drops from it (a
 * transaction the chain moved on under, one that waits behind a nonce that never comes), and the
 * transactions that arrive. Pending transactions hold back in the ledger what they spend, so
 * drafts cannot spend it twice; mining or dropping one releases it.
 */
export class MempoolConfirmation {
  /** Mempool rows that a user submitted: the next block mines them, whatever the draw. */
  submitted = new Set<string>();
  /** Mempool rows evicted while mining, with the height that evicted them. */
  private evicted = new Map<number, number>();
  /** Runs what only the Clarity engine runs; without it, such a transaction waits. */
  runner: ClarityRunner | undefined;

  constructor(
    private readonly s: BuildState,
    private readonly hooks: MinedHooks,
  ) {}

  /** A seeded draft a block may take now: its parties have nothing pending (nonces never skip one). */
  minable(tx: TxIntent): boolean {
    return !this.hasPending(tx.sender) && !(tx.sponsor >= 0 && this.hasPending(tx.sponsor));
  }

  /** `count` new seeded transactions arrive in the mempool. */
  receive(count: number): void {
    const ctx = mempoolContext(this.s);
    for (let i = 0; i < count; i++) {
      const tx = draftArriving(this.s.draft);
      if (tx) addToMempool(ctx, this.s.chain.mempool, receipts(this.s), tx, 0, true);
    }
  }

  /**
   * Mines pending mempool transactions into block h: every one a user submitted (and whatever
   * must go before it), and each seeded one with a seeded chance. A transaction goes in only when
   * its nonce is its sender's next on chain, and its sponsor nonce its sponsor's, as a node takes
   * them: one left behind holds back its parties' later ones. An account's nonces may interleave
   * across senders (it signs its own and sponsors others'), so the rows are walked again until
   * none more can go in. One only the Clarity engine runs goes when the engine holds the chain:
   * once the block's other rows are in, each runs in the engine (`ClarityRunner.runMined`), and
   * the block ends there (its parties' later rows wait for the next). True when the block had such
   * a transaction: the builder drafts nothing more into it, since a draft would not see what the
   * engine did. The block's work when the runner stops the block to run it first: the block goes
   * no further.
   */
  confirm(h: number): boolean | BlockWork {
    const { chain } = this.s;
    const m = chain.mempool;
    const order = nonceOrder(m);
    let engineHolds: boolean | undefined;
    const engineReady = (): boolean => (engineHolds ??= this.runner?.holds(chain, h) ?? false);
    const chosen = this.chosenRows(m, order, (row) => !clarityTxOf(chain, m, row) || engineReady());
    const mined = new Set<number>();
    // Pending rows only the engine runs, reached in this block: they run once its own rows are in.
    const engineRows = new Set<number>();
    for (let progress = true; progress;) {
      progress = false;
      for (const row of order) {
        if (m.status[row] !== Status.Pending || mined.has(row) || engineRows.has(row) || !chosen.has(row))
          continue;
        if (!this.nextInLine(m, row) || this.mintsOutOfTurn(m, row)) continue;
        progress = true;
        this.release(m, row);
        const { payer, fee } = reservation(m, row);
        const status = this.outcome(m, row, payer, fee);
        // The chain moved on under it: a node evicts it. Its parties' later ones wait (and leave
        // with the block's end).
        if (status === undefined) this.evict(m, row, h, Status.DroppedStaleGarbageCollect);
        else if (clarityTxOf(chain, m, row)) engineRows.add(row);
        else {
          this.mine(m, row, h, status);
          mined.add(row);
        }
      }
    }
    const first = engineRows.size > 0 ? this.runner?.beforeRuns?.(chain, h, m, [...engineRows]) : undefined;
    if (first) return first;
    for (const row of engineRows) {
      const ran = this.runner?.runMined(chain, h, m, row) ?? 'waits';
      if (ran === 'waits') this.hold(m, row);
      else if (ran === 'too-expensive') this.evict(m, row, h, Status.DroppedTooExpensive);
      else {
        this.mine(m, row, h, ran);
        mined.add(row);
      }
    }
    for (const [row, at] of this.evicted) if (at < h - EVICTED_KEPT_BLOCKS) mined.add(row);
    if (mined.size > 0) this.remove(mined);
    return engineRows.size > 0;
  }

  /**
   * Pending row `row` goes in block h with `status`: the ledger takes in its fee and events. Its
   * bytes, and so its id, are those it was sent with (its anchor mode, and what it was drafted at).
   */
  private mine(m: TxTable, row: number, h: number, status: Status): void {
    const drafted = draftedBurnHeight(this.s.chain, m, row);
    const index = this.s.txs.copyRow(m, row, { status, height: h, drafted });
    if (m.action[row] === Action.Deploy) {
      this.s.registry.confirm(m.contract[row] as number);
      this.hooks.deployMined(m.contract[row] as number, h);
    }
    this.hooks.settle(index, h);
  }

  /**
   * A node evicts pending row `row` (its reservation already released): its nonce is free again,
   * and a new transaction of its parties in this block takes it.
   */
  private evict(m: TxTable, row: number, h: number, status: Status): void {
    m.status[row] = status;
    this.evicted.set(row, h);
    this.s.nonces.set(m.sender[row] as number, m.nonce[row] as number);
    const sponsor = m.sponsor.at(row);
    if (sponsor >= 0) this.s.nonces.set(sponsor, m.sponsorNonce.at(row));
  }

  /**
   * The pending rows this block takes if their turn comes: each seeded one by a seeded chance
   * (drawn once per row, in order), and every row of an account a user submitted from, as sender
   * or sponsor, with the rows sponsored through it, whose senders' earlier rows must go first;
   * of those, the ones that can run now (`runnable`: the engine's wait while it catches up).
   */
  private chosenRows(m: TxTable, order: readonly number[], runnable: (row: number) => boolean): Set<number> {
    const users = new Set<number>();
    for (let row = 0; row < m.count; row++)
      if (this.submitted.has(m.idHex(row))) users.add(m.sender[row] as number);
    for (let grew = true; grew;) {
      grew = false;
      for (let row = 0; row < m.count; row++) {
        if (m.status[row] !== Status.Pending) continue;
        const sponsor = m.sponsor.at(row);
        const parties = sponsor >= 0 ? [m.sender[row] as number, sponsor] : [m.sender[row] as number];
        if (!parties.some((p) => users.has(p)) || parties.every((p) => users.has(p))) continue;
        for (const p of parties) users.add(p);
        grew = true;
      }
    }
    const chosen = new Set<number>();
    for (const row of order) {
      if (m.status[row] !== Status.Pending) continue;
      if ((users.has(m.sender[row] as number) || this.s.rng.chance(0.35)) && runnable(row)) chosen.add(row);
    }
    return chosen;
  }

  /** Whether the row's nonce is its sender's next on chain, and its sponsor nonce its sponsor's. */
  private nextInLine(m: TxTable, row: number): boolean {
    const { nonces } = this.s;
    const sponsor = m.sponsor.at(row);
    return (
      m.nonce[row] === nonces.minedNext(m.sender[row] as number) &&
      (sponsor < 0 || m.sponsorNonce.at(row) === nonces.minedNext(sponsor))
    );
  }

  /**
   * How the pending transaction runs in the block now: undefined when a node evicts it (the payer
   * cannot pay its fee, the STX it sends are spent or locked, the contract it calls is not on
   * chain). A contract call runs whatever its effects: one whose transfer the ledger no longer
   * covers (a token spent since, STX the sender's earlier transactions took) returns an error, and
   * the node mines it aborted, its fee paid and its nonce taken.
   */
  private outcome(m: TxTable, row: number, payer: number, fee: number): Status | undefined {
    const { ledger } = this.s;
    const burnHeight = this.s.draft.burnHeight;
    if (this.callsMissingContract(m, row) || !ledger.covers([], payer, fee, burnHeight)) return undefined;
    // pox-4 refuses a stack-stx whose start burn height is of another reward cycle than now.
    if (m.action[row] === Action.StackStx && this.stacksInAnotherCycle(m, row, burnHeight))
      return Status.AbortByResponse;
    // One whose conditions its movement violates (a reorg sent it back) aborts again, as first mined.
    if (ledger.covers(this.eventsAsMined(m, row), payer, fee, burnHeight))
      return violatesConditions(m, row) ? Status.AbortByPostCondition : Status.Success;
    return txTypeOf(m.action[row] as Action) === 'contract_call' ? Status.AbortByResponse : undefined;
  }

  private stacksInAnotherCycle(m: TxTable, row: number, burnHeight: number): boolean {
    const { chain } = this.s;
    const start = startBurnHeight(chain, m, row, worldFrame(chain));
    return cycleOf(start, chain.net.poxCycleLength) !== cycleOf(burnHeight, chain.net.poxCycleLength);
  }

  /**
   * A call to a contract whose deployment is not on chain (a reorg sent it back to the mempool,
   * and the call with it) cannot run: the Clarity engine knows no such contract.
   */
  private callsMissingContract(m: TxTable, row: number): boolean {
    const contract = m.contract[row] as number;
    if (m.action[row] === Action.Deploy || contract < 0) return false;
    return this.s.registry.contracts[contract]?.pending === true;
  }

  /**
   * An NFT mint takes its collection's next id when it runs (`last-token-id` + 1): one drafted
   * with a later id (a reorg brought mints back in another order) waits for the earlier ones.
   */
  private mintsOutOfTurn(m: TxTable, row: number): boolean {
    return (
      m.action[row] === Action.NftMint &&
      m.amount.at(row) !== this.s.ledger.nextNftId(m.contract[row] as number)
    );
  }

  /** The mempool without `gone` (mined, or evicted long enough ago); the evictions follow their rows. */
  private remove(gone: ReadonlySet<number>): void {
    const m = this.s.chain.mempool;
    for (const row of gone) this.submitted.delete(m.idHex(row));
    const left = new Map<number, number>();
    let next = 0;
    for (let row = 0; row < m.count; row++) {
      if (gone.has(row)) continue;
      const at = this.evicted.get(row);
      if (at !== undefined) left.set(next, at);
      next++;
    }
    this.evicted = left;
    this.s.chain.mempool = m.filtered((row) => !gone.has(row));
    this.s.chain.receiptTime = this.s.chain.receiptTime.filter((_, row) => !gone.has(row));
  }

  /**
   * What a node keeps of each account's pending transactions: those whose nonces follow the
   * account's last mined one without a gap. One whose nonce a mined transaction already took (a
   * miner's coinbase, say), or that waits behind a nonce no pending transaction holds (one evicted
   * or left behind in a reorg), can never be mined: it leaves as stale and releases what it held.
   * The account's next nonce is then the first free one, as a wallet would resubmit.
   */
  dropUnminable(h: number): void {
    const m = this.s.chain.mempool;
    const nonces = this.s.nonces;
    let next = new Map<number, number>();
    for (let changed = true; changed;) {
      changed = false;
      const waiting = new Map<number, number[]>();
      const wait = (p: number, nonce: number): void => {
        if (p < 0) return;
        const list = waiting.get(p);
        if (list) list.push(nonce);
        else waiting.set(p, [nonce]);
      };
      for (let row = 0; row < m.count; row++) {
        if (m.status[row] !== Status.Pending) continue;
        wait(m.sender[row] as number, m.nonce[row] as number);
        wait(m.sponsor.at(row), m.sponsorNonce.at(row));
      }
      next = new Map();
      for (const [p, list] of waiting) {
        let n = nonces.minedNext(p);
        for (const nonce of list.sort((a, b) => a - b)) if (nonce === n) n++;
        next.set(p, n);
      }
      const minable = (p: number, nonce: number): boolean =>
        p < 0 || (nonce >= nonces.minedNext(p) && nonce < (next.get(p) ?? 0));
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
        if (p >= 0) nonces.set(p, next.get(p) ?? nonces.minedNext(p));
  }

  /**
   * The node drops a pending transaction another replaced by fee: it releases what it held, is
   * never mined, and leaves the mempool like an evicted one.
   */
  replaceByFee(row: number, h: number): void {
    const m = this.s.chain.mempool;
    this.release(m, row);
    m.status[row] = Status.DroppedReplaceByFee;
    this.submitted.delete(m.idHex(row));
    this.evicted.set(row, h);
  }

  /** The rows evicted so far, with the heights that evicted them (`restoreEvictions` takes them back). */
  evictions(): ReadonlyMap<number, number> {
    return new Map(this.evicted);
  }

  restoreEvictions(evicted: ReadonlyMap<number, number>): void {
    this.evicted = new Map(evicted);
  }

  /** A new mempool (after a reorg): no row of it has been evicted yet. */
  forgetEvictions(): void {
    this.evicted = new Map();
  }

  /** Whether the ledger can pay what the pending transaction spends, and its events once mined. */
  fitsLedger(table: TxTable, row: number): boolean {
    const ledger = this.s.ledger;
    const r = reservation(table, row);
    const sender = table.sender[row] as number;
    const stx = r.payer === sender ? addAmounts(r.fee, r.amount) : r.amount;
    const burnHeight = this.s.draft.burnHeight;
    if (ledger.spendable(sender, burnHeight) < stx) return false;
    if (r.payer !== sender && ledger.spendable(r.payer, burnHeight) < r.fee) return false;
    return ledger.covers(this.eventsAsMined(table, row), r.payer, 0, burnHeight);
  }

  /** Holds back in the ledger what the pending transaction spends. */
  hold(table: TxTable, row: number): void {
    const r = reservation(table, row);
    this.s.ledger.debit(r.payer, r.fee);
    this.s.ledger.debit(table.sender[row] as number, r.amount);
  }

  private release(table: TxTable, row: number): void {
    const r = reservation(table, row);
    this.s.ledger.credit(r.payer, r.fee);
    this.s.ledger.credit(table.sender[row] as number, r.amount);
  }

  /** Whether a principal has a transaction pending, as sender or sponsor: a new one of theirs waits behind it. */
  private hasPending(principal: number): boolean {
    const m = this.s.chain.mempool;
    for (let row = 0; row < m.count; row++)
      if (
        m.status[row] === Status.Pending &&
        (m.sender[row] === principal || m.sponsor.at(row) === principal)
      )
        return true;
    return false;
  }

  /** The events the pending transaction would have once mined (its outcome: success). */
  private eventsAsMined(table: TxTable, row: number): ChainEvent[] {
    // Only the engine knows what those do, when it runs them: they spend nothing beyond their fee here.
    if (clarityTxOf(this.s.chain, table, row)) return [];
    const scratch = new TxTable(1);
    scratch.copyRow(table, row, { status: Status.Success });
    return eventsOf({ ...this.s.chain, txs: scratch }, 0);
  }
}

/**
 * The mempool's rows in arrival order, but each sender's in nonce order: a transaction that
 * replaced another by fee arrived after the sender's later ones, and must be mined before them.
 * Where every sender's rows are in nonce order already, this is the arrival order itself.
 */
function nonceOrder(m: TxTable): number[] {
  const bySender = new Map<number, number[]>();
  for (let row = 0; row < m.count; row++) {
    const sender = m.sender[row] as number;
    const rows = bySender.get(sender);
    if (rows) rows.push(row);
    else bySender.set(sender, [row]);
  }
  const order = new Array<number>(m.count);
  for (const rows of bySender.values()) {
    const sorted = [...rows].sort((a, b) => (m.nonce[a] as number) - (m.nonce[b] as number) || a - b);
    rows.forEach((at, i) => (order[at] = sorted[i] as number));
  }
  return order;
}
