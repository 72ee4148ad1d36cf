import { WorldQueries } from '../query/world-queries.ts';
import { ChainBuilder } from '../world/generate/build-chain.ts';
import { clarityTxOf, tipHeight, type Chain } from '../world/tables/chain.ts';
import { BlockKey } from '../world/tables/block-table.ts';
import { Status } from '../world/tables/kinds.ts';
import type { WorldOptions } from '../world/options.ts';
import type { Document } from '../../spec/document.ts';
import type { WorldCatalogue } from '../query/catalogue.ts';
import { ControlChecks, ControlError, type SubmitRequest } from './control-requests.ts';
import { admitMined, admitReorg, admitSubmit, byAddress, memoHex } from './control-admission.ts';
import { admit, decodeTransaction, engineContractOf, needsEngine } from './admission.ts';
import { SignedHashes } from './signed-hashes.ts';
import { ClarityWarming } from '../clarity/unavailable.ts';
import type { AdmissionReads } from '../world/run/admission-reads.ts';
import { rawTxOf } from '../serialize/raw-tx.ts';

export { ControlError, type SubmitRequest } from './control-requests.ts';

function mempoolChange(): ChainChange {
  return { kind: 'mempool' };
}

/** What the testnet faucet sends (the real service's default: 500 STX), and its fee. */
export const FAUCET_MICRO_STX = 500_000_000;
const FAUCET_FEE = 180;

/** The faucet's answer, as the real service gives it: the transaction's id and its bytes as hex. */
export interface FaucetReceipt {
  txId: string;
  txRaw: string;
}

/** A world restored instead of built (in Node, the build's snapshot of the default world: mocks/world-snapshot.ts). */
export interface RestoredWorld {
  readonly chain: Chain;
  /** The world index, as the restored chain's queries would compute it. */
  readonly catalogue: WorldCatalogue;
}

/** The world for these options when it can be restored, else undefined (it is built). */
export type WorldRestorer = (options: WorldOptions) => RestoredWorld | undefined;

/**
 * What a change did to the chain, told to its watchers after it: blocks `from`..`to` mined (a
 * reorg's new branch included), or transactions that entered or left the mempool only; a reset
 * starts the world again.
 */
export type ChainChange =
  { kind: 'mined'; from: number; to: number } | { kind: 'mempool' } | { kind: 'reset' };

/** Told before each change, with its kind (to see the chain as it was), and after it, in order. */
export interface ChainWatcher {
  before(kind: ChainChange['kind']): void;
  after(change: ChainChange): void;
}

/** The chain tip after a control call. */
export interface Tip {
  height: number;
  hash: string;
}

/**
 * The mock's chain as a living thing: blocks mined on command or on a clock, transactions
 * submitted, reorgs, a reset. Every change goes through here and then tells the world, so every
 * answer after it sees the new tip and none sees a mix. The state is a function of the world's
 * options and the sequence of calls.
 */
export class LiveChain {
  /** The world's questions, over the chain as it is now: each change below moves its version. */
  readonly queries: WorldQueries;
  /** The control spec's checks of a request, before anything changes. */
  readonly checks: ControlChecks;
  /** Undefined while the chain is a restored one, until its first change (`live`). */
  private builder: ChainBuilder | undefined;
  private clock: NodeJS.Timeout | undefined;
  /** The blocks `mineLater` was asked for, mined one at a time in the order asked. */
  private mining: Promise<unknown> = Promise.resolve();
  private readonly watchers = new Set<ChainWatcher>();

  /**
   * `controlSpec`: the control plane's OpenAPI document (control-spec.ts in Node). `blockSeconds`
   * > 0: each mined block is that many seconds after its parent (a clock's period). `restore`:
   * the world at start and at each reset, when it gives one; else the world is built. Nothing
   * here depends on the release a mock answers as: mocks of several releases may serve one chain
   * (the kernel's `MockSources.live`).
   */
  constructor(
    private readonly options: WorldOptions,
    controlSpec: Document,
    private readonly blockSeconds = 0,
    private readonly restore: WorldRestorer = () => undefined,
  ) {
    this.checks = new ControlChecks(controlSpec);
    const restored = restore(options);
    if (restored) {
      this.queries = new WorldQueries(restored.chain, restored.catalogue);
    } else {
      this.builder = this.newBuilder();
      this.queries = new WorldQueries(this.builder.build());
    }
  }

  /** A builder of the world, whose blocks run what only the Clarity engine runs in the world's engine. */
  private newBuilder(): ChainBuilder {
    const builder = new ChainBuilder(this.options);
    // The queries exist by the time a block is mined: the constructor's build mines none.
    builder.runClarityIn({
      holds: (chain, h) => this.queries.clarity.holds(chain, h),
      runMined: (chain, h, table, row) => this.queries.clarity.runMined(chain, h, table, row),
      beforeRuns: (chain, h, table, rows) => this.queries.clarity.beforeRuns(chain, h, table, rows),
    });
    return builder;
  }

  /**
   * The builder, whose running state (ledger, nonces, queue, reorg checkpoints) every change
   * continues from. A restored world has only the tables, so its first change builds the world
   * from the same options, as a start without a snapshot does: the same chain, now with that state.
   */
  private get live(): ChainBuilder {
    if (!this.builder) {
      this.builder = this.newBuilder();
      this.queries.replace(this.builder.build());
    }
    return this.builder;
  }

  /** Tells `watcher` of every change from now on; the function returned stops it. */
  watch(watcher: ChainWatcher): () => void {
    this.watchers.add(watcher);
    return () => void this.watchers.delete(watcher);
  }

  /**
   * Runs one change between its watchers' `before` and `after`; a refused change, or one that
   * changed nothing (`what` answers undefined: a block stopped for its engine work), tells them
   * nothing after.
   */
  private changing<T>(
    change: () => T,
    what: (result: T) => ChainChange | undefined,
    kind: ChainChange['kind'],
  ): T {
    for (const w of this.watchers) w.before(kind);
    const result = change();
    const told = what(result);
    if (told) for (const w of this.watchers) w.after(told);
    return result;
  }

  /** With a block time, mines a block every period until stopped; the timer keeps no process alive. */
  startClock(): void {
    if (this.blockSeconds <= 0 || this.clock) return;
    this.clock = setInterval(() => {
      // A block that cannot be mined must not take the server down with it: the chain stops
      // moving, says why once, and keeps serving its last tip.
      this.mineLater(1).catch((err: unknown) => {
        this.stopClock();
        console.error(`block clock stopped: ${err instanceof Error ? err.message : String(err)}`);
      });
    }, this.blockSeconds * 1000);
    this.clock.unref();
  }

  stopClock(): void {
    clearInterval(this.clock);
    this.clock = undefined;
  }

  private get chain(): Chain {
    return this.queries.chain;
  }

  tip(): Tip {
    const height = tipHeight(this.chain);
    return { height, hash: this.chain.blocks.hex(BlockKey.Hash, height - 1) };
  }

  mine(blocks = 1): Tip {
    const mined = admitMined(blocks, this.checks);
    const from = this.tip().height + 1;
    return this.changing(
      () => {
        const builder = this.live;
        for (let i = 0; i < mined; i++) builder.mine(this.step());
        this.queries.advance();
        return this.tip();
      },
      (tip) => ({ kind: 'mined', from, to: tip.height }),
      'mined',
    );
  }

  /**
   * Mines `blocks` blocks as `mine` does, except that a block with transactions only the Clarity
   * engine runs (a broadcast deployment or contract call) has them run first, each engine call
   * crossing to the engine's thread asynchronously (`WorldEngine.runFirst`): meanwhile the mock
   * answers every other request from the chain as it was, and the block is added whole once the
   * engine is done. The blocks asked for go after those asked for before, one at a time. The
   * control plane and the block clock mine so; `mine` is the route of a caller that needs the
   * block at once (the engine's calls then hold the thread while they run).
   */
  mineLater(blocks = 1): Promise<Tip> {
    const mined = admitMined(blocks, this.checks);
    const next = this.mining.then(async () => {
      for (let i = 0; i < mined; i++) await this.mineFirstRuns();
      return this.tip();
    });
    this.mining = next.catch(() => undefined);
    return next;
  }

  /**
   * One block, its engine work first: the block is begun, and when it stops at that work (the
   * chain left as it was), the work runs and the block is mined again, taking what it did. A
   * chain that moved under the work (a block `mine` added, a reorg, a reset) finds its rows waiting.
   */
  private async mineFirstRuns(): Promise<void> {
    const clarity = this.queries.clarity;
    for (let tries = 0; ; tries++) {
      const from = this.tip().height + 1;
      try {
        const mined = this.changing(
          () => {
            const builder = this.live;
            if (tries < 2 && this.engineRowsPending()) {
              const work = clarity.firstRuns(() => builder.tryMine(this.step()));
              if (work) return work;
            } else builder.mine(this.step());
            this.queries.advance();
            return this.tip();
          },
          (done) => ('height' in done ? { kind: 'mined', from, to: done.height } : undefined),
          'mined',
        );
        if ('height' in mined) return;
        await clarity.runFirst(mined);
      } finally {
        if (tries > 0) clarity.landed();
      }
    }
  }

  /** Whether the mempool holds a pending transaction only the Clarity engine runs. */
  private engineRowsPending(): boolean {
    const { mempool } = this.chain;
    for (let row = 0; row < mempool.count; row++)
      if (mempool.status[row] === Status.Pending && clarityTxOf(this.chain, mempool, row)) return true;
    return false;
  }

  /**
   * Puts the transaction in the mempool, as a node would accept it; the next block mines it. The
   * request is checked against the control spec first (`where` names it in a refusal: `body` over
   * HTTP, `tx` in process), and a refusal changes nothing.
   */
  submit(request: SubmitRequest, where = 'tx'): { tx_id: string } {
    return this.changing(() => this.submitChecked(request, where), mempoolChange, 'mempool');
  }

  private submitChecked(request: SubmitRequest, where: string): { tx_id: string } {
    const checked = this.checks.submit(byAddress(request, this.chain), where);
    const memo = checked.type === 'token_transfer' ? memoHex(checked.memo, this.checks) : undefined;
    const builder = this.live;
    const tx = admitSubmit(checked, { chain: this.chain, draft: builder.draftContext });
    const txId = builder.submit(tx, memo);
    this.queries.advanceMempool();
    return { tx_id: txId };
  }

  /**
   * A signed transaction's bytes, admitted as a stacks-node's mempool admits them (admission.ts):
   * its txid, or a `DecodeRefusal` / `NodeRejection` that changed nothing. The next block mines it.
   * `epoch4`: false when the release answered cannot import epoch 4's values (its chain's node
   * takes none).
   */
  broadcast(bytes: Uint8Array, epoch4 = true): { txid: string } {
    return this.changing(() => this.admitBroadcast(bytes, epoch4), mempoolChange, 'mempool');
  }

  private admitBroadcast(bytes: Uint8Array, epoch4: boolean): { txid: string } {
    const wire = decodeTransaction(bytes);
    // A node answers a transaction it already holds with its txid, and changes nothing.
    const hashes = new SignedHashes(wire);
    const id = hashes.txid;
    const held = this.queries.findListedTx(`0x${id}`, false);
    if (held?.table === 'mempool' && this.chain.mempool.status[held.tx] === Status.Pending)
      return { txid: `0x${id}` };
    const builder = this.live;
    const { ledger, burnHeight } = builder.draftContext;
    let clarity: AdmissionReads | undefined;
    if (needsEngine(wire, this.chain)) {
      clarity = this.queries.clarity.readsNow();
      if (!clarity) throw new ClarityWarming(this.queries.clarity.ready());
      // Read before the checks, so that a broadcast that waits for it (`ClarityWarming`) runs
      // them once: a signature's check takes milliseconds. A read changes nothing.
      const read = engineContractOf(wire, this.chain);
      if (read !== undefined) clarity.contractInterface(read);
    }
    const admitted = admit(
      bytes,
      wire,
      {
        chain: this.chain,
        ledger,
        burnHeight,
        nonces: (p) => builder.nonces(p),
        clarity,
        epoch4,
      },
      hashes,
    );
    const { intent, engine } = admitted;
    // The node answers a problematic transaction with its txid, and neither stores nor relays it.
    if (engine?.problematic) return { txid: admitted.txid };
    if (admitted.newPeer !== undefined) intent.peer = this.chain.principals.addStandard(admitted.newPeer);
    if (engine?.deploy) intent.contract = builder.registerBroadcast(intent.sender, engine.deploy);
    if (engine) this.chain.clarityTxs[admitted.txid] = engine.entry;
    builder.submit(intent, admitted.memo, admitted.replaces);
    this.queries.advanceMempool();
    return { txid: admitted.txid };
  }

  /**
   * The testnet faucet: 500 STX to `address` from the world's richest account with nothing
   * pending (a transaction of its own ahead could be dropped and strand the faucet's behind it),
   * in the mempool until the next block, as the real testnet service sends them.
   */
  faucet(address: string): FaucetReceipt {
    return this.changing(() => this.faucetTransfer(address), mempoolChange, 'mempool');
  }

  private faucetTransfer(address: string): FaucetReceipt {
    if (this.options.network !== 'testnet')
      throw new ControlError(
        400,
        'the STX faucet runs on testnet only: start the mock with --network testnet',
      );
    const builder = this.live;
    const { ledger, burnHeight, accounts } = builder.draftContext;
    const idle = accounts.filter((a) => {
      const { mined, next } = builder.nonces(a);
      return mined === next;
    });
    const candidates = idle.length > 0 ? idle : accounts;
    let funder = candidates[0] as number;
    for (const a of candidates)
      if (ledger.spendable(a, burnHeight) > ledger.spendable(funder, burnHeight)) funder = a;
    const { tx_id } = this.submitChecked(
      {
        type: 'token_transfer',
        sender: this.chain.principals.name(funder),
        recipient: address,
        amount: FAUCET_MICRO_STX,
        fee: FAUCET_FEE,
        memo: 'faucet',
      },
      'address',
    );
    const found = this.queries.findListedTx(tx_id, false);
    const txRaw = found?.table === 'mempool' ? rawTxOf(this.chain, this.chain.mempool, found.tx).hex : '';
    return { txId: tx_id, txRaw: txRaw.replace(/^0x/, '') };
  }

  reorg(depth: number): Tip {
    const builder = this.live;
    const admitted = admitReorg(depth, builder.reorgReach(), this.checks);
    const from = this.tip().height - admitted + 1;
    return this.changing(
      () => {
        this.queries.orphanAbove(from - 1);
        builder.reorg(admitted, this.step());
        this.queries.replace(this.chain);
        return this.tip();
      },
      (tip) => ({ kind: 'mined', from, to: tip.height }),
      'mined',
    );
  }

  /** Back to the state at start: the same world, built again from the same options. */
  reset(): Tip {
    return this.changing(
      () => this.restart(),
      () => ({ kind: 'reset' }),
      'reset',
    );
  }

  private restart(): Tip {
    const restored = this.restore(this.options);
    if (restored) {
      this.builder = undefined;
      this.queries.replace(restored.chain, restored.catalogue);
    } else {
      this.builder = this.newBuilder();
      this.queries.replace(this.builder.build());
    }
    return this.tip();
  }

  private step(): number | undefined {
    return this.blockSeconds > 0 ? this.blockSeconds : undefined;
  }
}
