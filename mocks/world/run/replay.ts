import { EngineRefusal, type EngineTx, type TxOutcome } from '../../clarity/engine.ts';
import { batch, call, step, type EngineFacts, type EngineSteps } from '../../clarity/engine-steps.ts';
import type { BatchAnswer, EngineCall } from '../../clarity/engine-wire.ts';
import { clarityTxOf, type Chain } from '../tables/chain.ts';
import { engineTxOf, genesisAllocations, maturedReward } from './engine-txs.ts';
import { bnsPrintDisagreement } from './bns-prints.ts';
import { configurePox, lockDisagreement, type EnginePox } from './stacking.ts';

/**
 * Where the world's blocks sit on the engine's chain. The engine's heights are its own: each
 * burn block it moves to also mines a stacks block, and its burn chain starts at 1 where the
 * world's starts at hundreds of thousands, so the world's burn heights are shifted down by a
 * whole number of reward cycles (`configurePox`).
 */
export interface Replayed {
  /** Engine height of world block h, at index h - 1. */
  readonly engineHeights: number[];
  /** World blocks replayed so far: the world's height up to which the engine holds the chain. */
  height: number;
  /** pox-4 in the engine: its frame, whose `burnOrigin` is the world's burn height the engine's 0 stands for. */
  readonly pox: EnginePox;
}

/** A world transaction the engine refused: the chain the world built cannot run. */
export class ReplayRefusal extends Error {
  constructor(
    readonly txId: string,
    reason: string,
  ) {
    super(`transaction ${txId} cannot run in the Clarity engine: ${reason}`);
    this.name = 'ReplayRefusal';
  }
}

/**
 * Runs the world's anchored blocks after `replayed.height` up to `upTo` in the engine, in block
 * order, each on its burn height. What the engine then holds is the world's contract state at
 * `upTo`. Its steps (engine-steps.ts) run now, or awaited at an engine's start; `ahead`, the
 * first run of blocks built beforehand (while the engine ran the run before).
 */
export function* replayChain(
  chain: Chain,
  upTo: number,
  replayed: Replayed,
  ahead?: readonly BlockTxs[],
): EngineSteps<void> {
  for (let h = replayed.height + 1; h <= upTo; h = replayed.height + 1) {
    const run =
      ahead?.[0]?.h === h && ahead.every((b) => b.h <= upTo && b.end === blockEnd(chain, b.h))
        ? ahead
        : blockRun(chain, replayed.pox, h, upTo);
    ahead = undefined;
    // What only the engine runs (a user's deployments and calls) ends the block, each in its own.
    const last = run[run.length - 1] as BlockTxs;
    const alone: Alone[] = [];
    for (let row = last.worldEnd; row < last.end; row++) {
      const tx = engineTxOf(chain, row, replayed.pox);
      if (tx) alone.push({ row, tx });
    }
    yield* openBlocks(chain, replayed, run, alone);
  }
}

/** A row only the engine runs, after its block's own rows, in an engine block of its own. */
interface Alone {
  readonly row: number;
  readonly tx: EngineTx;
}

/**
 * Blocks run in one crossing. Each crossing leaves the engine's thread waiting for the mock's
 * twice (the answer taken, the next call posted): on a loaded machine each wait is a thread
 * waking, milliseconds. A run of the default world's blocks is about 220 transactions, a few
 * hundred milliseconds of the engine's thread at most, and the mock's thread builds the next run
 * meanwhile (about half a millisecond a block).
 */
export const RUN_BLOCKS = 32;

/**
 * World block h and the blocks after it up to `upTo` that run with it in one crossing (at most
 * `most`): the run ends at a block with rows only the engine runs, which run after it, each
 * in an engine block of its own.
 */
export function blockRun(
  chain: Chain,
  pox: EnginePox,
  h: number,
  upTo: number,
  most = RUN_BLOCKS,
): BlockTxs[] {
  const run: BlockTxs[] = [];
  for (let b = h; b <= upTo && run.length < most; b++) {
    const built = blockTxs(chain, pox, b, blockEnd(chain, b));
    run.push(built);
    if (built.worldEnd !== built.end) break;
  }
  return run;
}

/** The row after world block h's last anchored transaction. */
export function blockEnd(chain: Chain, h: number): number {
  return h < chain.blocks.count ? (chain.blocks.firstTx[h] as number) : chain.anchoredCount;
}

/** World block h's own rows up to `end` as the engine runs them, built before the block is sent. */
export interface BlockTxs {
  readonly h: number;
  readonly end: number;
  /** The rows with an effect in Clarity, and each as the engine runs it. */
  readonly rows: readonly number[];
  readonly txs: readonly EngineTx[];
  /** The first row only the engine runs (a user's deployment or call), or `end`. */
  readonly worldEnd: number;
}

/**
 * World block h's own rows (those before the first that only the engine runs, up to `end`),
 * every one with an effect in Clarity, as the engine runs them.
 */
export function blockTxs(chain: Chain, pox: EnginePox, h: number, end: number): BlockTxs {
  const rows: number[] = [];
  const txs: EngineTx[] = [];
  let tx = chain.blocks.firstTx[h - 1] as number;
  for (; tx < end && !clarityTxOf(chain, chain.txs, tx); tx++) {
    const engineTx = engineTxOf(chain, tx, pox);
    if (engineTx) {
      rows.push(tx);
      txs.push(engineTx);
    }
  }
  return { h, end, rows, txs, worldEnd: tx };
}

/** An engine that holds nothing of the world yet: the genesis allocations credited, pox-4 set to the world's cycles. */
export function* startReplay(engine: EngineFacts, chain: Chain): EngineSteps<Replayed> {
  const mints = genesisAllocations(chain).map(({ recipient, amount }) => call('mintStx', recipient, amount));
  const failed = (yield* batch(mints)).find((answer) => !answer.ok);
  if (failed && !failed.ok) throw failed.error;
  return { engineHeights: [], height: 0, pox: yield* configurePox(engine, chain) };
}

/**
 * Runs world block h's own rows (`blockTxs`) in one engine block on its burn height, in order,
 * after the miner reward that matures at h; the engine then holds block h. A world row the
 * engine refuses, or that returns `(err …)`, stops with one line naming it.
 */
export function* openBlock(chain: Chain, replayed: Replayed, built: BlockTxs): EngineSteps<void> {
  yield* openBlocks(chain, replayed, [built]);
}

/**
 * Runs `run`'s blocks as `openBlock` runs each, then `alone`, the last block's rows only the
 * engine runs, as `runAlone` runs each: all in one crossing.
 */
function* openBlocks(
  chain: Chain,
  replayed: Replayed,
  run: readonly BlockTxs[],
  alone: readonly Alone[] = [],
): EngineSteps<void> {
  const calls: EngineCall[] = [];
  for (const { h, txs } of run) {
    const reward = maturedReward(chain, h);
    if (reward) calls.push(call('mintStx', reward.recipient, reward.amount));
    calls.push(call('mineBlock', txs, burnHeightOf(chain, replayed, h)));
  }
  const last = (run[run.length - 1] as BlockTxs).h;
  for (const { tx } of alone) calls.push(call('mineBlock', [tx], burnHeightOf(chain, replayed, last)));
  const answers = yield* batch(calls);
  let at = 0;
  for (const { h, rows } of run) {
    if (maturedReward(chain, h)) answerOf(answers[at++]);
    const mined = answers[at++];
    let outcomes: TxOutcome[];
    try {
      outcomes = answerOf(mined) as TxOutcome[];
    } catch (error) {
      if (error instanceof EngineRefusal) throw new ReplayRefusal(`in block ${h}`, error.message);
      throw error;
    }
    const failed = outcomes.findIndex((o) => !o.committed);
    if (failed >= 0)
      throw new ReplayRefusal(
        chain.txs.idHex(rows[failed] as number),
        `it returned ${outcomes[failed]?.result}`,
      );
    rows.forEach((row, i) => {
      const disagreement = lockDisagreement(chain, row, outcomes[i] as TxOutcome, replayed.pox);
      if (disagreement) throw new ReplayRefusal(chain.txs.idHex(row), disagreement);
    });
    settleHeight(replayed, h, (mined as BatchAnswer).tip.height);
  }
  for (const { row } of alone) {
    const answer = answers[at++];
    if (answer && !answer.ok && !(answer.error instanceof EngineRefusal)) throw answer.error;
    aloneChecked(chain, row, answer?.ok ? (answer.value as TxOutcome[])[0] : undefined);
    settleHeight(replayed, last, (answer as BatchAnswer).tip.height);
  }
}

/** What a batch's call answered, or what it threw, thrown. */
function answerOf(answer: BatchAnswer | undefined): unknown {
  if (!answer) throw new Error('the engine ran no such call of its batch');
  if (!answer.ok) throw answer.error;
  return answer.value;
}

/**
 * Runs `engineTx`, a deployment or call only the engine runs, as world block h mines it: after
 * the block's own rows (the engine catches up with the chain below h and opens block h first,
 * with what only the engine runs that the block mined before it, which throws ReplayRefusal when
 * that chain cannot run), in an engine block of its own. What it did, or the engine's refusal.
 */
export function* runInBlock(
  engine: EngineFacts,
  chain: Chain,
  replayed: Replayed,
  h: number,
  engineTx: EngineTx,
): EngineSteps<TxOutcome | EngineRefusal> {
  if (replayed.height < h) {
    yield* replayChain(chain, h - 1, replayed);
    const built = blockTxs(chain, replayed.pox, h, chain.txs.count);
    yield* openBlock(chain, replayed, built);
    // What only the engine runs that block h already holds (the world's BNS calls) runs first, in
    // order, up to the row `engineTx` is (whose outcome is not recorded yet).
    for (let tx = built.worldEnd; tx < chain.txs.count; tx++) {
      const entry = clarityTxOf(chain, chain.txs, tx);
      if (entry && !entry.outcome) break;
      const before = engineTxOf(chain, tx, replayed.pox);
      if (before) yield* runAlone(engine, chain, replayed, h, tx, before);
    }
  }
  let ran: TxOutcome | EngineRefusal;
  try {
    ran = (yield* step('mineBlock', [engineTx], burnHeightOf(chain, replayed, h)))[0] as TxOutcome;
  } catch (error) {
    if (!(error instanceof EngineRefusal)) throw error;
    ran = error;
  }
  settleHeight(replayed, h, engine.tip.height);
  return ran;
}

/**
 * A deployment or call only the engine runs, mined in world block h, run again in a block of its
 * own; a call of the BNS contract the world drew prints what the world recorded.
 */
function* runAlone(
  engine: EngineFacts,
  chain: Chain,
  replayed: Replayed,
  h: number,
  tx: number,
  engineTx: EngineTx,
): EngineSteps<void> {
  let outcome: TxOutcome | undefined;
  try {
    [outcome] = yield* step('mineBlock', [engineTx], burnHeightOf(chain, replayed, h));
  } catch (error) {
    if (!(error instanceof EngineRefusal)) throw error;
  }
  aloneChecked(chain, tx, outcome);
  settleHeight(replayed, h, engine.tip.height);
}

/** Throws ReplayRefusal when row `tx`, run alone, did not do what it did when mined: `outcome`, undefined when refused. */
function aloneChecked(chain: Chain, tx: number, outcome: TxOutcome | undefined): void {
  if (outcome?.committed !== true)
    throw new ReplayRefusal(chain.txs.idHex(tx), 'it succeeded when mined, and no longer does');
  const disagreement = bnsPrintDisagreement(chain, tx, outcome);
  if (disagreement) throw new ReplayRefusal(chain.txs.idHex(tx), disagreement);
}

export function burnHeightOf(chain: Chain, replayed: Replayed, h: number): number {
  return (chain.blocks.burnHeight[h - 1] as number) - replayed.pox.burnOrigin;
}

/** The engine holds world block h, up to its height `height`. */
function settleHeight(replayed: Replayed, h: number, height: number): void {
  replayed.engineHeights[h - 1] = height;
  replayed.height = h;
}
