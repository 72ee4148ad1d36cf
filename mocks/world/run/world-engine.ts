import { BOOT_CONTRACTS } from '../../clarity/boot-copies.ts';
import { bootContractInterfaces } from '../../clarity/boot-interfaces.ts';
import type { ClarityEngine, ContractId, ContractInterface } from '../../clarity/engine.ts';
import type { HostedEngine } from '../../clarity/engine-wire.ts';
import { startEngine } from '../../clarity/load.ts';
import { BlockKey } from '../tables/block-table.ts';
import type { Chain } from '../tables/chain.ts';
import { EngineRefusal, type TxOutcome } from '../../clarity/engine.ts';
import { runLater, runNow } from '../../clarity/engine-steps.ts';
import type { MinedRun } from '../generate/mempool-confirmation.ts';
import { Status } from '../tables/kinds.ts';
import type { TxTable } from '../tables/tx-table.ts';
import { engineOnlyTx } from './engine-txs.ts';
import { KnownInterfaces, type AdmissionReads } from './admission-reads.ts';
import { blockWorkOf, ownIds, runWork, stillBelow, type BlockWork, type DoneWork } from './block-work.ts';
import { recordOutcome } from './mined-outcomes.ts';
import { forgetReplay, keepReplay, keptReplay, type KeptReplay } from './replay-images.ts';
import { signOnEngineThread } from './stacking.ts';
import { replayRuns } from './replay-runs.ts';
import {
  blockTxs,
  openBlock,
  replayChain,
  ReplayRefusal,
  runInBlock,
  startReplay,
  type Replayed,
} from './replay.ts';

/**
 * The world's contracts as the Clarity engine holds them, read at the world's heights: `at` is
 * the stacks height of the block a request's `tip` names (omitted: the tip), `publishHeight` the
 * world's height of the deploying block.
 */
export type ContractReads = Pick<
  ClarityEngine,
  'callReadOnly' | 'dataVar' | 'mapEntry' | 'constant' | 'contractInterface' | 'source' | 'contracts'
> & {
  /** The world's tip the engine holds. */
  readonly tip: { readonly height: number };
};

interface Synced {
  readonly engine: HostedEngine;
  /** Whether it counts costs (`WorldEngine.costed`). */
  readonly costed: boolean;
  readonly chain: Chain;
  /** Replaced when a block whose work ran first lands (`DoneWork.replayed`). */
  replayed: Replayed;
  /** Index block hash of the last block replayed: a reorg below it means starting again. */
  lastHash: string;
  /** What admission read of this engine (`readsNow`). */
  readonly interfaces: KnownInterfaces;
}

/**
 * The world run in the Clarity engine, following the living chain: `ready()` answers the
 * engine holding the chain as it is now. A mined block is replayed on top; a chain replaced
 * below what was replayed (a reorg, a reset) is replayed in a new engine from genesis, or from the
 * image of its world at the generated tip this process kept (replay-images.ts). The first start
 * (the engine's session, then the whole world) happens once, in the background from `warm()` or on
 * the first `ready()`; every caller waits for the same one.
 */
export class WorldEngine {
  private synced: Promise<Synced> | undefined;
  /** What `synced` resolved to, for what must run now (a block being mined). */
  private settled: Synced | undefined;
  /**
   * Whether the engine counts costs (a block's limits enforced, each transaction's costs known):
   * from the first deployment or call only the engine runs on. A replay with costs takes about
   * twice as long, which reads alone never pay.
   */
  private costed = false;
  /** Whether a block's engine work runs before the block is written (`firstRuns`). */
  private workFirst = false;
  private closed = false;
  /** While a block's engine work runs first, until the block lands: the engine serves nothing else. */
  private landing: { readonly done: Promise<void>; readonly land: () => void } | undefined;
  /** The work that ran, for the block it ran for to take (`runMined`); `taken` once it did. */
  private done: (DoneWork & { readonly synced: Synced; taken: boolean }) | undefined;
  /**
   * While the engine replays the blocks mined without it (`catchUpLater`), each call crossing
   * asynchronously: like `landing`, the engine serves nothing else until it is done.
   */
  private catching: Promise<void> | undefined;

  constructor(readonly currentChain: () => Chain) {}

  /**
   * Whether the engine holds `chain` up to block h - 1 now, so block h can run in it as it is
   * mined; when not (it is starting, or replaying a chain a reorg replaced), it starts catching
   * up in the background and says no.
   */
  holds(chain: Chain, h: number): boolean {
    const done = this.doneFor(chain, h);
    if (done) return this.settled === done.synced;
    if (this.busy) return false;
    const synced = this.settled;
    if (synced?.costed && synced.chain === chain && synced.replayed.height < h && follows(synced, chain))
      return true;
    this.warm();
    return false;
  }

  /**
   * Runs pending row `row` of `table`, a deployment or call only the engine runs, as block h
   * mines it: after the block's own rows (run first, in one engine block), in an engine block
   * of its own. What it did is recorded in its `clarityTxs` entry (`mined-outcomes.ts`) and
   * answered as its status; `too-expensive` when it runs past a block's cost limits (a miner
   * leaves it out); `waits` when the engine cannot run it now. A transaction its post-conditions
   * abort has run all the same (the engine cannot take one back): the engine is let go, and the
   * next read replays the chain, without it, in a new one.
   */
  runMined(chain: Chain, h: number, table: TxTable, row: number): MinedRun {
    const done = this.doneFor(chain, h);
    if (done) return this.takeDone(done, chain, h, table, row);
    if (this.busy) return 'waits';
    const synced = this.settled;
    const engineTx = engineOnlyTx(chain, table, row);
    // Block h is open in the engine once its first engine-only transaction ran.
    const open = synced?.chain === chain && synced.replayed.height === h && !synced.engine.lost;
    if (!synced || !engineTx || !(open || this.holds(chain, h))) return 'waits';
    if (synced.replayed.height < h) {
      try {
        catchUp(synced, chain, h - 1);
        const built = blockTxs(chain, synced.replayed.pox, h, chain.txs.count);
        runNow(synced.engine, openBlock(chain, synced.replayed, built));
      } catch (error) {
        // The chain cannot run in the engine: the block goes on without what only the engine
        // runs, and the next read replays the chain and says why.
        if (!(error instanceof ReplayRefusal)) throw error;
        this.letGo();
        return 'waits';
      }
      synced.lastHash = chain.blocks.hex(BlockKey.IndexHash, h - 1);
    }
    return this.recorded(
      chain,
      table,
      row,
      runNow(synced.engine, runInBlock(synced.engine, chain, synced.replayed, h, engineTx)),
    );
  }

  private recorded(chain: Chain, table: TxTable, row: number, ran: TxOutcome | EngineRefusal): MinedRun {
    if (ran instanceof EngineRefusal && ran.tooExpensive) return 'too-expensive';
    const status = recordOutcome(chain, table, row, ran);
    if (status === Status.AbortByPostCondition) this.letGo();
    return status;
  }

  /**
   * Runs `mine` (a block being mined) with its engine work first: when the block reaches
   * transactions only the engine runs, `beforeRuns` stops it with that work, which `mine` answers,
   * for `runFirst`; once that ran, the block mined again takes what it did.
   */
  firstRuns<T>(mine: () => T): T {
    this.workFirst = true;
    try {
      return mine();
    } finally {
      this.workFirst = false;
    }
  }

  /**
   * Block h's own rows are in, and pending rows `rows` run next: under `firstRuns`, the block's
   * work, which stops the block; undefined when the block goes on.
   */
  beforeRuns(chain: Chain, h: number, table: TxTable, rows: readonly number[]): BlockWork | undefined {
    const synced = this.settled;
    if (!this.workFirst || this.busy || this.doneFor(chain, h) || !synced) return undefined;
    const work = blockWorkOf(chain, h, table, rows, synced.replayed);
    // What only the engine runs that the block holds already runs as it always did, at once.
    return work.built.worldEnd === work.built.end ? work : undefined;
  }

  /**
   * Runs a block's work (what `beforeRuns` stopped it with), each call crossing asynchronously: meanwhile the
   * mock answers its other requests, from the chain as it was (a contract read waits in `ready()`
   * for the block to land). The caller then mines the block again and calls `landed()`. A chain
   * that moved meanwhile (a block, a reorg, a reset) or cannot run leaves the engine let go, as
   * the replay does, and the block mined again finds its rows waiting.
   */
  async runFirst(work: BlockWork): Promise<void> {
    const synced = this.settled;
    if (!synced || this.busy) return;
    let land = (): void => undefined;
    const done = new Promise<void>((resolve) => (land = resolve));
    this.landing = { done, land };
    try {
      const ran = await runWork(synced.engine, synced.replayed, work);
      if (this.settled === synced && stillBelow(work, this.currentChain()))
        this.done = { ...ran, synced, taken: false };
      else this.letGo();
    } catch {
      this.letGo();
    }
  }

  /** The block whose work ran first has been mined again, or not: the engine serves again. */
  landed(): void {
    if (this.done && !this.done.taken) this.letGo();
    this.done = undefined;
    this.landing?.land();
    this.landing = undefined;
  }

  /** Whether `synced` is the engine, holding the chain as it is, with nothing running on it. */
  holdsNow(synced: Synced): boolean {
    const chain = this.currentChain();
    return (
      this.settled === synced &&
      !this.busy &&
      follows(synced, chain) &&
      synced.replayed.height === chain.blocks.count
    );
  }

  /** A block's work or a catch-up runs on the engine: nothing else may, until it is done. */
  get busy(): boolean {
    return this.landing !== undefined || this.catching !== undefined;
  }

  private doneFor(chain: Chain, h: number): WorldEngine['done'] {
    return this.done?.work.chain === chain && this.done.work.h === h ? this.done : undefined;
  }

  /**
   * Row `row` of block h, as the work that ran first did it: the block's own rows must be the
   * ones it ran (else the engine holds another block: it is let go, and the row waits).
   */
  private takeDone(
    done: NonNullable<WorldEngine['done']>,
    chain: Chain,
    h: number,
    table: TxTable,
    row: number,
  ): MinedRun {
    const { synced } = done;
    if (this.settled !== synced) return 'waits';
    if (!done.taken) {
      const own = ownIds(chain, blockTxs(chain, synced.replayed.pox, h, chain.txs.count));
      if (own.join() !== done.work.own.join()) {
        this.letGo();
        return 'waits';
      }
      synced.replayed = done.replayed;
      synced.lastHash = chain.blocks.hex(BlockKey.IndexHash, h - 1);
      done.taken = true;
    }
    const ran = done.outcomes.get(table.idHex(row));
    return ran ? this.recorded(chain, table, row, ran) : 'waits';
  }

  /**
   * The engine holds what the chain does not (or its thread is lost): its thread ends, and the
   * next read or block starts a new one.
   */
  private letGo(): void {
    closeWhenSettled(this.synced);
    this.settled = undefined;
    this.synced = undefined;
  }

  /** Ends the engine's thread: the mock is closing, and no block mined after (one in flight) starts another. */
  close(): void {
    this.closed = true;
    this.letGo();
  }

  /**
   * What admission reads of the engine now, for a transaction only the engine runs: undefined
   * while the engine starts or replays a chain, starts one that counts costs, or runs a block's
   * work or a catch-up (`ready()` waits for each: a row admitted while a block's work runs could
   * change the block mined again, and the engine be let go). Its reads answer what the engine said
   * before, or throw `ClarityWarming` while they ask it, once it holds the chain as it is
   * (admission-reads.ts): an engine that lags the chain holds back only a read it has no answer for.
   */
  readsNow(): AdmissionReads | undefined {
    if (this.busy) return undefined;
    const synced = this.settled;
    const chain = this.currentChain();
    if (!this.costed) {
      this.costed = true;
      this.letGo();
      this.warm();
    }
    if (!synced?.costed || !follows(synced, chain)) return undefined;
    return synced.interfaces.reads();
  }

  /**
   * Whether `id` names a boot contract of the chain's node that the engine holds (pox-4, BNS, the
   * costs contracts, … at the network's boot address), known without the engine.
   */
  isBootContract(id: ContractId): boolean {
    const [address, name] = id.split('.');
    return address === this.currentChain().net.bootAddress && BOOT_CONTRACTS.some((c) => c.name === name);
  }

  /**
   * A boot contract's interface as the node stored it when it deployed it (its epoch's, its
   * Clarity version's); undefined for any other contract. Made once a process, on first use, by an
   * engine of its own (`bootContractInterfaces`); `ClarityUnavailable` without the package.
   */
  async bootInterface(id: ContractId): Promise<ContractInterface | undefined> {
    if (!this.isBootContract(id)) return undefined;
    return (await bootContractInterfaces(this.currentChain().net.bootAddress)).get(id);
  }

  /** Starts the engine without waiting; a failure (the package missing) is kept for `ready()`. */
  warm(): void {
    if (this.closed) return;
    this.ready().catch(() => undefined);
  }

  /** The engine holding the chain as it is now; `ClarityUnavailable` when its package is missing. */
  async ready(): Promise<ContractReads> {
    for (;;) {
      const busy = this.landing?.done ?? this.catching;
      if (busy) {
        await busy;
        continue;
      }
      const chain = this.currentChain();
      const seen = this.synced;
      const synced = seen && (await seen);
      if (this.busy) continue;
      if (synced && follows(synced, chain)) {
        if (synced.replayed.height >= chain.blocks.count) return readsOf(synced);
        await this.catchUpLater(synced);
        continue;
      }
      // Whoever saw the engine fall behind first starts the new one; the others wait for it.
      if (this.synced === seen) this.start(chain);
    }
  }

  /**
   * The blocks mined since the engine last ran one, replayed a run at a time with each call
   * crossing asynchronously (replay-runs.ts, as at an engine's start), so the mock's thread answers
   * everyone else meanwhile; one catch-up at a time, every caller waiting for the same one. A
   * chain that moved under it leaves the engine lost (`ready()` starts another); a chain that
   * cannot run lets the engine go and rejects with why.
   */
  private catchUpLater(synced: Synced): Promise<void> {
    this.catching ??= replayRuns(
      synced.engine,
      synced.chain,
      synced.replayed,
      () => this.settled === synced && follows(synced, this.currentChain()),
      async (hash) => {
        synced.lastHash = hash;
      },
    )
      .catch((error: unknown) => {
        if (synced.engine.lost) return;
        this.letGo();
        throw error;
      })
      .finally(() => {
        this.catching = undefined;
      });
    return this.catching;
  }

  /** A new engine replaying `chain`, `settled` once it holds it; a failed start stays in `synced` for `ready()`. */
  private start(chain: Chain): void {
    closeWhenSettled(this.synced);
    this.settled = undefined;
    const starting = startOn(this, chain, this.costed);
    this.synced = starting;
    starting.then(
      (synced) => {
        if (this.synced === starting) this.settled = synced;
      },
      () => undefined,
    );
  }
}

/**
 * A new engine holding `chain`. The engine starts on its own thread (clarity/node/engine-bridge.ts),
 * and the replay's calls cross to it asynchronously, a block at a time: while the engine's thread
 * runs a block, the mock's thread builds the next one's transactions and answers its other
 * requests. A chain that moved under a block (a reorg or a reset while it ran) leaves the engine
 * lost, so `ready()` starts another; an engine that cannot hold the chain is ended.
 */
async function startOn(world: WorldEngine, chain: Chain, costed: boolean): Promise<Synced> {
  const { engine, restored } = await engineFor(chain, costed);
  try {
    const replayed = restored ? restored.replayed : await runLater(engine, startReplay(engine, chain));
    await signOnEngineThread(engine, chain, replayed.pox);
    const hashOf = (h: number): string | undefined =>
      h <= chain.blocks.count ? chain.blocks.hex(BlockKey.IndexHash, h - 1) : undefined;
    const synced: Synced = {
      engine,
      chain,
      costed,
      replayed,
      lastHash: hashOf(replayed.height) ?? '',
      interfaces: new KnownInterfaces(engine, {
        // A landed block replaces `replayed` (`takeDone`).
        height: () => synced.replayed.height,
        tip: () => world.currentChain().blocks.count,
        caughtUp: async () => {
          await world.ready();
          return world.holdsNow(synced);
        },
      }),
    };
    await replayRuns(
      engine,
      chain,
      replayed,
      () => follows(synced, chain),
      async (hash) => {
        synced.lastHash = hash;
        if (!restored) await keepReplay(chain, costed, replayed, engine);
      },
    );
    return synced;
  } catch (error) {
    void engine.close();
    throw error;
  }
}

/**
 * A new engine: from the image kept for the chain's world when there is one (`restored` then
 * names it), else booted to replay the chain from genesis. An image the engine's package cannot
 * take (another version of it) is dropped, and the chain replayed.
 */
async function engineFor(
  chain: Chain,
  costed: boolean,
): Promise<{ engine: HostedEngine; restored?: KeptReplay }> {
  // The engine's thread starts while the kept image is looked for (on disk: its header).
  const kept = keptReplay(chain, costed);
  try {
    const engine = await startEngine(undefined, {
      trackCosts: costed,
      restore: kept.then((found) => found?.image),
    });
    const restored = await kept;
    return restored ? { engine, restored } : { engine };
  } catch (error) {
    if (!(await kept)) throw error;
    await forgetReplay(chain, costed);
  }
  return { engine: await startEngine(undefined, { trackCosts: costed }) };
}

/**
 * The engine `synced` holds or will hold, ended once it has started: a turn of the event loop
 * later, so a request that `ready()` handed its reads just before finishes with them first.
 */
function closeWhenSettled(synced: Promise<Synced> | undefined): void {
  synced?.then(
    ({ engine }) => setTimeout(() => void engine.close(), 0),
    () => undefined,
  );
}

/**
 * Whether `chain` extends what `synced` replayed: same tables, same block at its last height,
 * and the engine's thread still there.
 */
function follows(synced: Synced, chain: Chain): boolean {
  const h = synced.replayed.height;
  if (chain !== synced.chain || synced.engine.lost) return false;
  return (
    h === 0 || (chain.blocks.count >= h && chain.blocks.hex(BlockKey.IndexHash, h - 1) === synced.lastHash)
  );
}

function catchUp(synced: Synced, chain: Chain, tip = chain.blocks.count): void {
  if (chain !== synced.chain) return;
  if (synced.replayed.height >= tip) return;
  runNow(synced.engine, replayChain(chain, tip, synced.replayed));
  synced.lastHash = chain.blocks.hex(BlockKey.IndexHash, tip - 1);
}

function readsOf({ engine, replayed }: Synced): ContractReads {
  const engineAt = (at: number | undefined): number | undefined =>
    at === undefined || at >= replayed.height ? undefined : replayed.engineHeights[Math.max(at, 1) - 1];
  return {
    tip: { height: replayed.height },
    callReadOnly: (contract, fn, args, sender, at) =>
      engine.callReadOnly(contract, fn, args, sender, engineAt(at)),
    dataVar: (contract, name, at) => engine.dataVar(contract, name, engineAt(at)),
    mapEntry: (contract, map, key, at) => engine.mapEntry(contract, map, key, engineAt(at)),
    constant: (contract, name) => engine.constant(contract, name),
    contractInterface: (contract) => engine.contractInterface(contract),
    source(contract) {
      const found = engine.source(contract);
      if (!found) return undefined;
      const height = replayed.engineHeights.findIndex((h) => h >= found.publishHeight) + 1;
      return { ...found, publishHeight: height };
    },
    contracts: () => engine.contracts(),
  };
}
