import { addToMempool, buildMempool } from './build-mempool.ts';
import { BnsRegistrar } from './bns-names.ts';
import { receipts, startBuild, type BuildState } from './build-state.ts';
import { feePayer, noteGenerated, type Chain } from '../tables/chain.ts';
import { shiftTimes, tick, type ClockSetting } from './clock.ts';
import { FT_INITIAL_SUPPLY } from '../tables/contracts.ts';
import type { DeclaredActivity } from './declared-activity.ts';
import { DeclaredContracts, type DeclaredRunner } from './declared-contracts.ts';
import { recordedRuns } from '../run/declared-runs.ts';
import type { BlockWork } from '../run/block-work.ts';
import { WorldFileError } from '../declared/plan.ts';
import {
  bare,
  randomAction,
  randomMicroblockAction,
  ReusedDrafts,
  type DraftContext,
  type TxIntent,
} from './draft-tx.ts';
import { forEachEvent } from '../derive/events.ts';
import { Action, AnchorMode, ContractKind, Status } from '../tables/kinds.ts';
import { packTxFlags } from '../tables/tx-flags.ts';
import { MempoolConfirmation, mempoolContext, type ClarityRunner } from './mempool-confirmation.ts';
import { REWARD_MATURITY } from '../derive/miner-rewards.ts';
import { MAX_REORG_DEPTH, Reorgs } from './reorgs.ts';
import { Rng } from '../rng.ts';
import { BOOT_CONTRACTS } from '../../clarity/boot-copies.ts';
import { blankDraft, type TxDraft } from '../tables/tx-table.ts';
import { writeTxId } from '../wire/tx-ids.ts';
import type { WorldOptions } from '../options.ts';

const COINBASE_REWARD = 1_000_000_000;
/** Mixed into the seed for the generator of the node's boot deployments' ids. */
const BOOT_IDS_SEED = 0xb007_c0de;

/**
 * Generates the whole chain of a world from its options; deterministic in the seed. A world file's
 * declared activity is woven in; when any of it cannot happen, a WorldFileError lists every problem.
 */
export function buildChain(options: WorldOptions, contracts?: DeclaredRunner): Chain {
  return new ChainBuilder(options, contracts).build();
}

/**
 * Walks the heights once: each block gets its tenure and times (the clock, `clock.ts`), its system
 * transactions (coinbase, tenure change, boot deploys) and user transactions drafted against a
 * running ledger. The builder then stays alive for a living chain: `mine()` appends one block with
 * the same running state (the mempool's confirmation in `mempool-confirmation.ts`, reorgs in
 * `reorgs.ts`), so a block costs what its transactions cost, whatever the chain's length.
 */
export class ChainBuilder {
  private readonly s: BuildState;
  private readonly mempool: MempoolConfirmation;
  private readonly reorgs: Reorgs;
  private readonly clockSetting: ClockSetting;
  private blockFees = 0;
  private readonly draft: TxDraft = blankDraft();
  /** Block transactions are drafted here: `pushTx` copies each to the table at once. */
  private readonly drafts = new ReusedDrafts();
  /** A world file's own contracts and calls; none without a runner (its runs unrecorded: the kernel refuses such a file). */
  private readonly contracts: DeclaredContracts | undefined;
  private readonly bns: BnsRegistrar;

  /** `contracts`: what runs a world file's own contracts; by default, what an earlier build recorded. */
  constructor(
    private readonly options: WorldOptions,
    contracts?: DeclaredRunner,
  ) {
    this.s = startBuild(options);
    const runs = options.declared?.contractRuns;
    const runner = contracts ?? (runs && recordedRuns(runs));
    if (this.s.declared && runner) this.contracts = new DeclaredContracts(this.s, this.s.declared, runner);
    this.mempool = new MempoolConfirmation(this.s, {
      settle: (index, h) => this.settle(index, h),
      deployMined: (contract, h) => this.reorgs.deployMined(contract, h),
    });
    this.reorgs = new Reorgs(this.s, this.mempool);
    this.bns = new BnsRegistrar(this.s, this.s.launcher);
    this.clockSetting = {
      rng: this.s.rng,
      blocks: this.s.blocks,
      miners: this.s.chain.miners,
      burnStartHeight: this.s.chain.net.burnStartHeight,
      genesisTime: options.genesisTime,
    };
  }

  build(): Chain {
    const { chain, clock, declared } = this.s;
    const blocks = this.options.blocks;
    for (let h = 1; h <= blocks; h++) {
      this.buildBlock(h, this.s.txs.count);
      // A reorg of depth d goes back to the checkpoint d blocks below the tip.
      if (h >= blocks - MAX_REORG_DEPTH) this.reorgs.checkpoint();
    }
    chain.anchoredCount = this.s.txs.count;
    this.s.draft.burnHeight = clock.burnHeight;
    this.microblockStream(blocks + 1, true);
    // The tables keep their spare rows: pages never written are never resident, so they cost no
    // memory, while trimming would copy every column (over a second at 10M transactions) and
    // the next mined block would double the table again.
    const mempool = buildMempool(mempoolContext(this.s));
    chain.mempool = mempool.table;
    chain.receiptTime = mempool.receiptTime;
    chain.zonefiles = this.bns.zonefiles;
    if (declared) {
      this.declaredMempool(declared);
      if (declared.problems.length > 0) throw new WorldFileError(declared.problems);
    }
    if (this.options.tipTime !== undefined) {
      const seconds = this.options.tipTime - clock.blockTime;
      shiftTimes(clock, this.s.blocks, receipts(this.s), seconds);
      this.reorgs.shiftTimes(seconds);
    }
    noteGenerated(chain);
    return chain;
  }

  get current(): Chain {
    return this.s.chain;
  }

  /**
   * Appends one block: it confirms the unanchored stream on the tip, the transactions users
   * submitted, some seeded pending ones, and new seeded transactions; new seeded transactions
   * arrive in the mempool; a new unanchored stream sits on the new tip. `seconds` after the tip's
   * time (a clock's period), or a seeded 5-15 s.
   */
  mine(seconds?: number): void {
    this.mineUnlessStopped(seconds);
  }

  /** `mine`, or the block's engine work when the Clarity runner stops it halfway (`beforeRuns`). */
  private mineUnlessStopped(seconds?: number): BlockWork | undefined {
    const { blocks, rng, chain } = this.s;
    const h = blocks.count + 1;
    blocks.ensureRoom();
    // Only the stream on the tip is unanchored: it sits at the end of the list.
    const micro = this.s.microblocks;
    for (let i = micro.count - 1; i >= 0 && micro.unanchored[i] === 1; i--) micro.unanchored[i] = 0;
    const time = this.s.clock.blockTime + (seconds ?? rng.range(5, 15));
    const stopped = this.buildBlock(h, chain.anchoredCount, time);
    if (stopped) return stopped;
    this.mempool.dropUnminable(h);
    chain.anchoredCount = this.s.txs.count;
    this.s.draft.burnHeight = this.s.clock.burnHeight;
    this.microblockStream(h + 1, true);
    this.mempool.receive(rng.range(2, 8));
    this.reorgs.mined(h);
    return undefined;
  }

  /**
   * Appends one block as `mine` does; when the Clarity runner stops it halfway to run the block's
   * engine work first (`ClarityRunner.beforeRuns`), answers that work, and the chain is left as it
   * was before, as it is when the block throws.
   */
  tryMine(seconds?: number): BlockWork | undefined {
    const start = this.reorgs.beforeBlock();
    let stopped: BlockWork | undefined;
    try {
      stopped = this.mineUnlessStopped(seconds);
    } catch (error) {
      this.reorgs.undoBlock(start);
      throw error;
    }
    if (stopped) this.reorgs.undoBlock(start);
    return stopped;
  }

  /**
   * Puts a transaction a user submitted in the mempool; its id. `replaces`: the mempool row of the
   * pending transaction it replaces by fee (admission found it), which the node drops.
   */
  submit(tx: TxIntent, memo?: string, replaces?: number): string {
    if (memo !== undefined) {
      tx.aux = this.s.memos.length;
      this.s.memos.push(memo);
    }
    if (replaces !== undefined) this.mempool.replaceByFee(replaces, this.s.blocks.count);
    // A signed transaction carries its nonces: admission checked they are the next ones, or the
    // ones of the transaction it replaces (its parties' later ones stay theirs).
    const { nonces } = this.s;
    const after = [tx.sender, tx.sponsor].map((p) => (p >= 0 ? nonces.pending[p] : undefined));
    if (tx.signed) {
      nonces.set(tx.sender, tx.signed.nonce);
      if (tx.sponsor >= 0) nonces.set(tx.sponsor, tx.signed.sponsorNonce);
    }
    const mempool = this.s.chain.mempool;
    const row = addToMempool(mempoolContext(this.s), mempool, receipts(this.s), tx, 0, true);
    [tx.sender, tx.sponsor].forEach((p, i) => {
      const kept = after[i];
      if (p >= 0 && kept !== undefined && kept > (nonces.pending[p] ?? 0)) nonces.set(p, kept);
    });
    const id = mempool.idHex(row);
    this.mempool.submitted.add(id);
    return id;
  }

  /**
   * A principal's nonces as a node's mempool sees them: `mined`, the next one on chain; `next`,
   * the next one after its pending transactions (what a new transaction of theirs must carry).
   */
  nonces(principal: number): { mined: number; next: number } {
    const mined = this.s.nonces.minedNext(principal);
    return { mined, next: Math.max(mined, this.s.nonces.pending[principal] ?? 0) };
  }

  /** The ledger drafts see now (pending spends held back): what a node checks a new transaction against. */
  get draftContext(): DraftContext {
    return this.s.draft;
  }

  /**
   * The last `depth` blocks leave the chain and `depth + 1` new ones replace them. Their
   * transactions (and the unanchored stream's) go back to the mempool unless they no longer fit
   * (`reorgs.ts`); the new blocks mine them by the usual rule.
   */
  reorg(depth: number, seconds?: number): void {
    this.reorgs.rollBack(depth);
    for (let i = 0; i <= depth; i++) this.mine(seconds);
  }

  /**
   * Registers the contract a broadcast deployment creates, pending until a block mines it. A
   * contract of that name whose deployment aborted is taken again: the name is free on chain.
   */
  registerBroadcast(
    deployer: number,
    deploy: { name: string; token: string; version: number | null },
  ): number {
    const { registry, principals, blocks } = this.s;
    const id = `${principals.name(deployer)}.${deploy.name}`;
    const known = registry.contracts.find((c) => c.id === id);
    if (known) {
      registry.unconfirm(known.index);
      return known.index;
    }
    return registry.deployBroadcast(deployer, deploy.name, deploy.token, deploy.version, blocks.count);
  }

  /** What runs the transactions only the Clarity engine runs, as blocks mine them (world/run/world-engine.ts). */
  runClarityIn(runner: ClarityRunner): void {
    this.mempool.runner = runner;
  }

  /** How deep a reorg may go now. */
  reorgReach(): number {
    return this.reorgs.reach();
  }

  private declaredMempool(declared: DeclaredActivity): void {
    const { chain, ledger, clock, registry } = this.s;
    const ctx = {
      chain,
      draft: { ...this.s.draft, rng: this.s.declaredRng },
      nonces: this.s.nonces.pending,
      deploy: () => -1,
    };
    const rows: number[] = [];
    declared.plan.mempool.forEach((entry, i) => {
      const tx = declared.draft(entry, ledger, clock.burnHeight, registry.poxContract);
      if (!tx) return;
      // Replace-by-fee: the same payer nonce as the entry it replaces, the payer's next one kept.
      const replaced = rows[entry.replaces];
      const payer = tx.sponsor >= 0 ? tx.sponsor : tx.sender;
      const next = ctx.nonces[payer];
      if (replaced !== undefined) {
        const m = chain.mempool;
        ctx.nonces[payer] = tx.sponsor >= 0 ? m.sponsorNonce.at(replaced) : (m.nonce[replaced] as number);
      }
      rows[i] = addToMempool(
        ctx,
        chain.mempool,
        receipts(this.s),
        { ...tx, status: Status.Pending },
        0,
        true,
      );
      if (replaced !== undefined && next !== undefined) ctx.nonces[payer] = next;
    });
  }

  /** The file's transactions of this height, in file order, ahead of the background's. */
  private declaredTxs(h: number): void {
    const { declared, declaredRng, registry } = this.s;
    if (!declared) return;
    if (h === 1) {
      declared.deployTokens(registry, (tx) => this.pushTx(tx, h, -1, AnchorMode.OnChainOnly, declaredRng));
    }
    for (const entry of declared.at(h)) {
      const tx = declared.draft(entry, this.s.ledger, this.s.clock.burnHeight, registry.poxContract);
      if (tx) this.pushTx(tx, h, -1, AnchorMode.Any, declaredRng);
    }
  }

  /** Writes block h; a block appended to a living chain may stop halfway for its engine work (`tryMine`). */
  private buildBlock(h: number, firstTx: number, appendedAt?: number): BlockWork | undefined {
    const { rng, clock, txs } = this.s;
    const nakamoto = h >= this.options.nakamotoHeight;
    const { newTenure, previousTenureBlocks } = tick(clock, this.clockSetting, h, nakamoto, appendedAt);

    const row = h - 1;
    const b = this.s.blocks;
    b.count = h;
    b.drawHashes(row, rng);
    b.time[row] = clock.blockTime;
    b.burnTime[row] = clock.burnTime;
    b.burnHeight[row] = clock.burnHeight;
    b.tenureHeight[row] = clock.tenureHeight;
    b.firstTx[row] = firstTx;
    b.miner[row] = clock.tenureMiner;
    this.s.draft.burnHeight = clock.burnHeight;
    this.blockFees = 0;
    // An appended block first confirms the stream that sat unanchored on its parent.
    for (let tx = firstTx; tx < txs.count; tx++) this.addToBlock(tx);

    const matured = h - REWARD_MATURITY;
    if (matured >= 1) this.s.ledger.credit(b.miner[matured - 1] as number, b.reward[matured - 1] as number);

    // The parent's microblock stream is confirmed first, before the block's own transactions.
    if (!nakamoto && h >= 4 && (h === 4 || rng.chance(0.12))) this.microblockStream(h, false);
    // A world file's tenure extension takes the seeded one's place, or has its id drawn apart
    // from the seed's: either way the background stays the seed's.
    const declaredCause = this.s.declared?.tenureCauseAt(h, nakamoto, newTenure);
    if (nakamoto && newTenure) {
      this.pushSystemTx(Action.TenureChange, h, 0, previousTenureBlocks);
    } else if (nakamoto && rng.chance(0.05)) {
      this.pushSystemTx(Action.TenureChange, h, declaredCause ?? 1, clock.tenureBlocks - 1);
    } else if (declaredCause !== undefined) {
      this.pushSystemTx(Action.TenureChange, h, declaredCause, clock.tenureBlocks - 1, this.s.declaredRng);
    }
    if (newTenure) this.pushSystemTx(Action.Coinbase, h, 0, 0);
    if (h === 1) {
      this.pushBootDeploy(ContractKind.Genesis, h);
      this.pushBootDeploy(ContractKind.Pox, h);
      this.pushNodeBootContracts(h);
      this.declaredTxs(h);
    } else {
      // A fresh lock near the tip: whatever the seed, someone has STX locked at the tip.
      if (h === this.options.blocks - 3) this.s.queue.unshift({ action: Action.StackStx, attempts: 0 });
      this.declaredTxs(h);
      // A block the Clarity engine ran ends there: a draft after it would not see what the engine did.
      const confirmed = appendedAt !== undefined && this.mempool.confirm(h);
      if (typeof confirmed === 'object') return confirmed;
      if (!confirmed) this.userTxs(h);
    }
    if (appendedAt === undefined) {
      const { chain, txs } = this.s;
      this.bns.mine(h, (tx, entry) =>
        this.pushTx(tx, h, -1, AnchorMode.OnChainOnly, this.bns.ids, (row) => {
          chain.clarityTxs[txs.idHex(row)] = entry;
        }),
      );
    }
    if (appendedAt === undefined)
      this.contracts?.mine(h, (tx, ran) =>
        this.pushTx(tx, h, -1, AnchorMode.OnChainOnly, this.s.declaredRng, ran),
      );

    b.txCount[row] = txs.count - (b.firstTx[row] as number);
    b.reward[row] = (newTenure ? COINBASE_REWARD : 0) + this.blockFees;
    return undefined;
  }

  private userTxs(h: number): void {
    const { rng } = this.s;
    const slots = Math.max(rng.int(this.options.maxTxsPerBlock + 1), this.s.queue.length > 0 ? 4 : 0);
    for (let i = 0; i < slots; i++) {
      const queued = this.s.queue.shift();
      const tx = this.drafts.draft(this.s.draft, queued ?? randomAction(rng));
      if (!tx || !this.mempool.minable(tx)) {
        // Some requests need an earlier one first (an NFT transfer needs a mint): retry later.
        if (queued && ++queued.attempts < 40) this.s.queue.push(queued);
        continue;
      }
      const mode = rng.chance(0.6) ? AnchorMode.OnChainOnly : AnchorMode.Any;
      this.pushTx(tx, h, -1, mode);
    }
  }

  /** Transactions streamed in microblocks; `unanchored` ones sit on top of the chain tip. */
  private microblockStream(h: number, unanchored: boolean): void {
    const { rng, microblocks } = this.s;
    const count = unanchored ? 2 : rng.range(1, 2);
    for (let sequence = 0; sequence < count; sequence++) {
      let micro = -1;
      const txs = rng.range(1, 3);
      for (let i = 0; i < txs; i++) {
        const tx = this.drafts.draft(this.s.draft, randomMicroblockAction(rng));
        if (!tx || !this.mempool.minable(tx)) continue;
        if (micro < 0) {
          micro = microblocks.push(sequence, unanchored);
          rng.fill(microblocks.hash, micro * 32, 32);
        }
        const mode = rng.chance(0.5) ? AnchorMode.OffChainOnly : AnchorMode.Any;
        this.pushTx(tx, h, micro, mode);
      }
    }
  }

  private pushSystemTx(action: Action, h: number, amount: number, aux: number, ids?: Rng): void {
    const sender = this.s.clock.tenureMiner;
    const tx = bare(action, sender, amount, aux);
    // A miner signs its coinbase and tenure change with its account's nonce on chain, so a
    // transaction of its own pending with that nonce can no longer be mined.
    this.s.nonces.followChain(sender);
    this.pushTx(tx, h, -1, AnchorMode.OnChainOnly, ids);
  }

  private pushBootDeploy(kind: ContractKind, h: number): void {
    const action = kind === ContractKind.Genesis ? Action.Genesis : Action.Deploy;
    this.pushTx({ ...this.bootTx(action), deployKind: kind }, h, -1, AnchorMode.OnChainOnly);
    this.s.draft.poxContract = this.s.registry.poxContract;
    this.s.chain.poxContract = this.s.registry.poxContract;
  }

  /**
   * The node's other boot contracts (BNS, the costs contracts, …), after the world's own two, as
   * the node signs each: nonce 0, no fee. The real service shows its genesis block's deployments
   * in block 1, and the world's chain starts in epoch 2.5 with every later epoch's before it, so
   * all are in block 1. Their ids come from a generator of their own: the rest of the world stays
   * the seed's.
   */
  private pushNodeBootContracts(h: number): void {
    const ids = new Rng(this.options.seed ^ BOOT_IDS_SEED);
    for (const { name, payloadVersion } of BOOT_CONTRACTS) {
      if (name === 'pox-4') continue;
      const contract = this.s.registry.deployBoot(this.s.boot, name, payloadVersion, h);
      this.pushTx({ ...this.bootTx(Action.Deploy), contract, nonce: 0 }, h, -1, AnchorMode.OnChainOnly, ids);
    }
  }

  /** A transaction of the boot address, fee 0, as the node writes its boot deployments. */
  private bootTx(action: Action): TxIntent {
    return bare(action, this.s.boot);
  }

  private pushTx(
    tx: TxIntent,
    height: number,
    micro: number,
    anchorMode: AnchorMode,
    ids: Rng = this.s.rng,
    ran?: (index: number) => void,
  ): void {
    const { txs, nonces } = this.s;
    const index = txs.count;
    const contract =
      tx.deployKind === undefined
        ? tx.contract
        : this.s.registry.deploy(tx.deployKind, tx.sender, false, height);
    // One draft filled again for every transaction (the table copies it): ten million of them
    // would otherwise be ten million objects for the collector.
    const d = this.draft;
    d.action = tx.action;
    d.status = tx.status;
    d.flags = packTxFlags(anchorMode, tx.deny, tx.pcFlags, tx.status);
    d.height = height;
    d.sender = tx.sender;
    d.sponsor = tx.sponsor;
    d.nonce = tx.nonce ?? nonces.take(tx.sender);
    d.sponsorNonce = tx.sponsor >= 0 ? nonces.take(tx.sponsor) : 0;
    d.fee = tx.fee;
    d.contract = contract;
    d.peer = tx.peer;
    // A token deployment mints its initial supply to the deployer.
    d.amount = tx.deployKind === ContractKind.Ft ? FT_INITIAL_SUPPLY : tx.amount;
    d.aux = tx.aux;
    d.micro = micro;
    d.drafted = -1;
    txs.push(d);
    txs.drawId(index, ids);
    ran?.(index);
    writeTxId(this.s.chain, txs, index);
    this.settle(index, height);
  }

  /** A transaction just put in the chain: its fee and events move the ledger; its block counts it. */
  private settle(index: number, height: number): void {
    const { txs, ledger } = this.s;
    this.s.nonces.mined(txs, index);
    ledger.debit(feePayer(txs, index), txs.fee.at(index));
    forEachEvent(this.s.chain, index, ledger.applyEvent);
    // Unanchored transactions belong to no block yet: no block fees (costs are derived per block).
    if (height <= this.s.blocks.count) this.addToBlock(index);
  }

  private addToBlock(index: number): void {
    this.blockFees += this.s.txs.fee.at(index);
  }
}
