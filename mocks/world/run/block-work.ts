// A block's engine work run before the block is written (`WorldEngine.runFirst`): the mock's
// thread answers its other requests while the engine's thread runs a broadcast deployment or
// call, which may take up to the call budget (CALL_BUDGET_MS), and the block then lands whole.
import type { EngineRefusal, EngineTx, TxOutcome } from '../../clarity/engine.ts';
import type { HostedEngine } from '../../clarity/engine-wire.ts';
import { runLater } from '../../clarity/engine-steps.ts';
import { BlockKey } from '../tables/block-table.ts';
import type { Chain } from '../tables/chain.ts';
import type { TxTable } from '../tables/tx-table.ts';
import { engineOnlyTx } from './engine-txs.ts';
import { blockTxs, openBlock, replayChain, runInBlock, type BlockTxs, type Replayed } from './replay.ts';

/**
 * What block h runs in the engine once its own rows are in, found as it was being mined: what
 * `WorldEngine.beforeRuns` answers to stop the block (`ChainBuilder.tryMine` undoes it) so that
 * this work runs first; the caller runs it and mines the block again.
 */
export interface BlockWork {
  readonly chain: Chain;
  readonly h: number;
  /** The block's own rows as the engine runs them, and their ids: the block written later must hold the same. */
  readonly built: BlockTxs;
  readonly own: readonly string[];
  /** Each pending row only the engine runs, by id, in the order the block runs them. */
  readonly runs: readonly { readonly id: string; readonly tx: EngineTx | undefined }[];
  /** Index block hash of block h - 1: the chain the work was found on. */
  readonly below: string;
}

/** What the engine did with a block's work: the engine then holds block h, as `replayed` says. */
export interface DoneWork {
  readonly work: BlockWork;
  readonly replayed: Replayed;
  /** What each run did, by id; a run missing did not run (the engine was lost before it). */
  readonly outcomes: ReadonlyMap<string, TxOutcome | EngineRefusal>;
}

/** Block h's work, with pending rows `rows` of `table` to run after its own rows (up to the table's end). */
export function blockWorkOf(
  chain: Chain,
  h: number,
  table: TxTable,
  rows: readonly number[],
  replayed: Replayed,
): BlockWork {
  const built = blockTxs(chain, replayed.pox, h, chain.txs.count);
  return {
    chain,
    h,
    built,
    own: ownIds(chain, built),
    runs: rows.map((row) => ({ id: table.idHex(row), tx: engineOnlyTx(chain, table, row) })),
    below: h > 1 ? chain.blocks.hex(BlockKey.IndexHash, h - 2) : '',
  };
}

export function ownIds(chain: Chain, built: BlockTxs): string[] {
  return built.rows.map((row) => chain.txs.idHex(row));
}

/**
 * Runs `work` in `engine`, which holds the chain up to `held.height`, each call crossing
 * asynchronously: the chain caught up to block h - 1, block h's own rows, then each run in an
 * engine block of its own, as `WorldEngine.runMined` runs them. `held` is left as it was (the
 * engine's new heights are the answer's), so nothing reads block h before it lands. Throws when
 * the chain cannot run (ReplayRefusal) or the engine's thread ends.
 */
export async function runWork(engine: HostedEngine, held: Replayed, work: BlockWork): Promise<DoneWork> {
  const { chain, h } = work;
  const replayed: Replayed = { engineHeights: [...held.engineHeights], height: held.height, pox: held.pox };
  const outcomes = new Map<string, TxOutcome | EngineRefusal>();
  await runLater(engine, replayChain(chain, h - 1, replayed));
  await runLater(engine, openBlock(chain, replayed, work.built));
  for (const { id, tx } of work.runs) {
    if (engine.lost) break;
    if (tx) outcomes.set(id, await runLater(engine, runInBlock(engine, chain, replayed, h, tx)));
  }
  return { work, replayed, outcomes };
}

/** Whether `chain` is still the one `work` was found on, at block h - 1 (no block, reorg nor reset since). */
export function stillBelow(work: BlockWork, chain: Chain): boolean {
  const { h } = work;
  if (chain !== work.chain || chain.blocks.count !== h - 1) return false;
  return h === 1 || chain.blocks.hex(BlockKey.IndexHash, h - 2) === work.below;
}
