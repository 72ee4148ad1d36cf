import type { BuildState } from './build-state.ts';
import { takeCheckpoint, type Checkpoint } from './checkpoint.ts';
import type { Contract } from '../tables/contracts.ts';
import { Action, Status } from '../tables/kinds.ts';
import type { MempoolConfirmation } from './mempool-confirmation.ts';
import { TxTable } from '../tables/tx-table.ts';
import { draftedBurnHeight } from '../tables/chain.ts';

/** The chain before a block that may stop halfway: `Reorgs.undoBlock` takes it back there. */
export interface BlockStart {
  readonly checkpoint: Checkpoint;
  readonly generators: Uint32Array;
  readonly draws: [number, number];
  readonly mempool: TxTable;
  readonly statuses: Uint8Array;
  readonly evicted: ReadonlyMap<number, number>;
  readonly stream: readonly number[];
}

/** Reorgs reach back at most this many blocks: the builder keeps a checkpoint for each. */
export const MAX_REORG_DEPTH = 100;

/**
 * What a reorg needs: a checkpoint after each of the last `MAX_REORG_DEPTH` blocks, and going back
 * to one. The blocks after it leave; their transactions (and the unanchored stream's) go back to
 * the mempool, as the real service restores orphaned transactions, unless they no longer fit the
 * ledger (then they are dropped, `dropped_replace_across_fork`).
 */
export class Reorgs {
  private readonly checkpoints = new Map<number, Checkpoint>();
  /** Pending deployments mined in the last blocks: a reorg past one makes its contract pending again. */
  private minedDeploys: { contract: number; height: number }[] = [];

  constructor(
    private readonly s: BuildState,
    private readonly mempool: MempoolConfirmation,
  ) {}

  /** Remembers the chain as it is now, after its tip. */
  checkpoint(): void {
    this.checkpoints.set(this.s.blocks.count, this.now());
  }

  /** The chain as it is now, as a checkpoint holds it. */
  private now(): Checkpoint {
    const { blocks, txs, microblocks, principals, registry, ledger, nonces, chain } = this.s;
    ledger.startJournal();
    return takeCheckpoint({
      blocks: blocks.count,
      txs: txs.count,
      microblocks: microblocks.count,
      principals: principals.count,
      contracts: registry.contracts.length,
      deployed: {
        ft: registry.deployed.ft.length,
        nft: registry.deployed.nft.length,
        vault: registry.deployed.vault.length,
        plain: registry.deployed.plain.length,
      },
      ledgerMark: ledger.mark(),
      nonces: nonces.pending,
      chainNonces: nonces.onChain,
      queue: this.s.queue,
      mempool: chain.mempool,
      receiptTime: chain.receiptTime,
      submitted: this.mempool.submitted,
      clock: this.s.clock,
    });
  }

  /**
   * The chain as it is now, before a block that may stop halfway (`ChainBuilder.tryMine`): a
   * checkpoint, and what a reorg draws anew that undoing the block must not (the generators'
   * states, the mempool's own table and its evictions, the unanchored stream's flags).
   */
  beforeBlock(): BlockStart {
    const { rng, declaredRng, chain, microblocks } = this.s;
    const generators = new Uint32Array(8);
    rng.save(generators, 0);
    declaredRng.save(generators, 4);
    const stream: number[] = [];
    for (let i = microblocks.count - 1; i >= 0 && microblocks.unanchored[i] === 1; i--) stream.push(i);
    return {
      checkpoint: this.now(),
      generators,
      draws: [rng.draws, declaredRng.draws],
      mempool: chain.mempool,
      statuses: chain.mempool.status.slice(0, chain.mempool.count),
      evicted: this.mempool.evictions(),
      stream,
    };
  }

  /** Back to `start`: the block begun after it never happened. */
  undoBlock(start: BlockStart): void {
    const { rng, declaredRng, chain, microblocks } = this.s;
    this.restore(start.checkpoint);
    rng.restore(start.generators, 0);
    declaredRng.restore(start.generators, 4);
    [rng.draws, declaredRng.draws] = start.draws;
    chain.mempool = start.mempool;
    chain.mempool.count = start.statuses.length;
    chain.mempool.status.set(start.statuses);
    chain.receiptTime = [...start.checkpoint.receiptTime];
    this.mempool.restoreEvictions(start.evicted);
    for (const i of start.stream) microblocks.unanchored[i] = 1;
  }

  /** A block h was mined on a living chain: what no reorg can reach any more is let go. */
  mined(h: number): void {
    this.checkpoint();
    this.checkpoints.delete(h - MAX_REORG_DEPTH - 1);
    const oldest = this.checkpoints.get(h - MAX_REORG_DEPTH);
    if (oldest) this.s.ledger.forget(oldest.ledgerMark);
    this.minedDeploys = this.minedDeploys.filter((d) => d.height > h - MAX_REORG_DEPTH);
  }

  deployMined(contract: number, height: number): void {
    this.minedDeploys.push({ contract, height });
  }

  /**
   * Every time moved by `seconds` (a world shifted to a tip time after it was generated): the
   * checkpoints' clocks and mempool receipts too, or a reorg would take the chain back in time.
   */
  shiftTimes(seconds: number): void {
    for (const [height, c] of this.checkpoints)
      this.checkpoints.set(height, {
        ...c,
        clock: { ...c.clock, blockTime: c.clock.blockTime + seconds, burnTime: c.clock.burnTime + seconds },
        receiptTime: c.receiptTime.map((t) => t + seconds),
      });
  }

  /** How deep a reorg may go now. */
  reach(): number {
    let depth = 0;
    while (this.checkpoints.has(this.s.blocks.count - depth - 1)) depth++;
    return depth;
  }

  /** The last `depth` blocks leave the chain; the caller mines the blocks that replace them. */
  rollBack(depth: number): void {
    const { blocks, registry, principals, chain } = this.s;
    const target = blocks.count - depth;
    const checkpoint = this.checkpoints.get(target);
    if (!checkpoint) throw new RangeError(`a reorg reaches back at most ${this.reach()} blocks`);
    const orphans = this.orphanedTxs(checkpoint);
    const pending = this.carriedMempool();
    const pendingTimes = chain.receiptTime;
    const forgotten = {
      contracts: registry.contracts.slice(checkpoint.contracts),
      names: principals.names.slice(checkpoint.principals),
    };
    this.restore(checkpoint);
    for (let h = target + 1; h <= blocks.count + depth; h++) this.checkpoints.delete(h);
    const leaving = this.reregisterForgotten(checkpoint, forgotten, [orphans, pending]);
    this.restoreMempool(checkpoint, orphans, pending, pendingTimes, leaving);
  }

  /**
   * The mempool as it is, each row carrying the burn height it was drafted at: the blocks its
   * receipt names may be leaving, and the new ones have other burn heights.
   */
  private carriedMempool(): TxTable {
    const { chain } = this.s;
    const from = chain.mempool;
    const carried = new TxTable(Math.max(16, from.count));
    for (let row = 0; row < from.count; row++)
      carried.copyRow(from, row, { drafted: draftedBurnHeight(chain, from, row) });
    return carried;
  }

  /** User transactions mined after the checkpoint, unanchored ones included, in chain order. */
  private orphanedTxs(checkpoint: Checkpoint): TxTable {
    const txs = this.s.txs;
    const orphans = new TxTable(16);
    for (let tx = checkpoint.txs; tx < txs.count; tx++) {
      const action = txs.action[tx] as Action;
      if (action === Action.Coinbase || action === Action.TenureChange || action === Action.Genesis) continue;
      // What it was drafted at is of the blocks leaving: it carries it (`TxDraft.drafted`).
      const drafted = draftedBurnHeight(this.s.chain, txs, tx);
      orphans.copyRow(txs, tx, { status: Status.Pending, micro: -1, drafted });
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
    const { registry } = this.s;
    const contracts = new Map<number, number>();
    const principals = new Map<number, number>();
    const contractPrincipals = new Set(forgotten.contracts.map((old) => old.principal));
    const principalOf = (p: number): number | undefined => {
      if (p < c.principals) return p;
      const known = principals.get(p);
      if (known !== undefined || contractPrincipals.has(p)) return known;
      const fresh = this.s.principals.addStandard(forgotten.names[p - c.principals] as string);
      principals.set(p, fresh);
      return fresh;
    };
    for (const table of tables)
      for (let row = 0; row < table.count; row++) {
        const old = forgotten.contracts[(table.contract[row] as number) - c.contracts];
        if (table.action[row] !== Action.Deploy || !old || contracts.has(old.index)) continue;
        // A vault keeps its pair token: the pair's deployment comes first, kept or back pending.
        const pair = old.pair < c.contracts ? old.pair : contracts.get(old.pair);
        // Its deployer may be an address first seen after the checkpoint (a faucet's recipient).
        const deployer = principalOf(old.deployer);
        if (pair === undefined || deployer === undefined) continue;
        const fresh = registry.redeployPending({ ...old, deployer }, this.s.blocks.count, pair);
        contracts.set(old.index, fresh);
        principals.set(old.principal, (registry.contracts[fresh] as Contract).principal);
      }
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
    const s = this.s;
    s.blocks.truncate(c.blocks);
    s.txs.truncate(c.txs);
    s.microblocks.truncate(c.microblocks);
    s.principals.truncate(c.principals);
    s.registry.contracts.length = c.contracts;
    // A contract registered after the checkpoint is forgotten above (and registered again if its
    // deployment comes back): only the ones the checkpoint knew become pending again.
    for (const d of this.minedDeploys)
      if (d.height > c.blocks && d.contract < c.contracts) s.registry.unconfirm(d.contract);
    this.minedDeploys = this.minedDeploys.filter((d) => d.height <= c.blocks);
    s.registry.deployed.ft.length = c.deployed.ft;
    s.registry.deployed.nft.length = c.deployed.nft;
    s.registry.deployed.vault.length = c.deployed.vault;
    s.registry.deployed.plain.length = c.deployed.plain;
    s.ledger.rewind(c.ledgerMark);
    s.nonces.pending = [...c.nonces];
    s.nonces.onChain = [...c.chainNonces];
    s.queue = c.queue.map((q) => ({ ...q }));
    this.mempool.submitted = new Set(c.submitted);
    Object.assign(s.clock, c.clock);
    s.chain.anchoredCount = this.unanchorStream(c);
    s.draft.burnHeight = s.clock.burnHeight;
  }

  /**
   * A checkpoint `mine` took holds the stream that sat unanchored on its tip, and the block that
   * confirmed it is gone: it is unanchored again, so the next block confirms it first, as any
   * appended block does. Returns the anchored count: where the checkpoint's last block ends.
   */
  private unanchorStream(c: Checkpoint): number {
    const { blocks, txs, microblocks } = this.s;
    const top = c.blocks - 1;
    const anchored = (blocks.firstTx[top] as number) + (blocks.txCount[top] as number);
    for (let tx = anchored; tx < c.txs; tx++) {
      const micro = txs.micro.at(tx);
      if (microblocks.has(micro)) microblocks.unanchored[micro] = 1;
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
    const mempool = this.mempool;
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
        mempool.fitsLedger(from, row) &&
        !holds(from, row).some((h) => held.has(h));
      const at = table.copyRow(from, row, fits ? {} : { status: Status.DroppedReplaceAcrossFork });
      receiptTime.push(received);
      if (fits) {
        mempool.hold(table, at);
        for (const h of holds(table, at)) held.add(h);
      }
      this.s.nonces.inFlight(from, row);
    };
    const tip = this.s.clock.blockTime;
    for (let row = 0; row < orphans.count; row++) comeBack(orphans, row, tip);
    for (let row = 0; row < pending.count; row++) comeBack(pending, row, times[row] ?? tip);
    this.s.chain.mempool = table;
    this.s.chain.receiptTime = receiptTime;
    mempool.forgetEvictions();
    mempool.dropUnminable(this.s.blocks.count);
  }
}
