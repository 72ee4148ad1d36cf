import type { HostedEngine } from '../../clarity/engine-wire.ts';
import { runLater } from '../../clarity/engine-steps.ts';
import { BlockKey } from '../tables/block-table.ts';
import { generatedTip, type Chain } from '../tables/chain.ts';
import { blockRun, replayChain, RUN_BLOCKS, type BlockTxs, type Replayed } from './replay.ts';

/**
 * Blocks built at a time while the engine's thread runs the run before: a few milliseconds of the
 * mock's thread, between which it answers its other requests (a run of 32 built at once held it
 * for 10 to 20 ms, 80 on a loaded machine).
 */
const PIECE = 8;

/** A run built ahead, with the index hash of each piece's last block as it was built. */
interface Ahead {
  readonly run: BlockTxs[];
  readonly built: readonly (readonly [number, string | undefined])[];
}

/**
 * Replays `chain`'s blocks after `replayed.height` in `engine`, a run at a time (replay.ts), each
 * run crossing asynchronously while the mock's thread builds the next. `afterRun` follows each
 * run the engine held; the replay stops, the engine closed, when the chain moved under a run (a
 * reorg or a reset), or when `goesOn` says no.
 */
export async function replayRuns(
  engine: HostedEngine,
  chain: Chain,
  replayed: Replayed,
  goesOn: () => boolean,
  afterRun: (hash: string) => Promise<void>,
): Promise<void> {
  let ahead: Promise<Ahead> | undefined;
  while (goesOn() && replayed.height < chain.blocks.count) {
    const h = replayed.height + 1;
    const built = await ahead;
    const run =
      built?.run[0]?.h === h && built.built.every(([b, hash]) => hashOf(chain, b) === hash)
        ? built.run
        : blockRun(chain, replayed.pox, h, runEnd(chain, h));
    const last = lastOf(run);
    const hash = hashOf(chain, last);
    const running = runLater(engine, replayChain(chain, last, replayed, run));
    ahead = last < chain.blocks.count ? buildAhead(chain, replayed, last + 1) : undefined;
    try {
      await running;
    } catch (error) {
      // The rows it was sent with are gone: its checks read the new ones.
      if (hashOf(chain, last) === hash) throw error;
    }
    if (hashOf(chain, last) !== hash) {
      void engine.close();
      return;
    }
    await afterRun(hash as string);
  }
}

function hashOf(chain: Chain, h: number): string | undefined {
  return h <= chain.blocks.count ? chain.blocks.hex(BlockKey.IndexHash, h - 1) : undefined;
}

/** The last block a run from h may hold: a run ends at the generated tip, where the replay's image is taken (replay-images.ts). */
function runEnd(chain: Chain, h: number): number {
  const generated = generatedTip(chain)?.height ?? 0;
  return h <= generated ? generated : chain.blocks.count;
}

function lastOf(run: readonly BlockTxs[]): number {
  return (run[run.length - 1] as BlockTxs).h;
}

/** The run from h, built a piece at a time, a turn of the event loop between pieces. */
async function buildAhead(chain: Chain, replayed: Replayed, h: number): Promise<Ahead> {
  const upTo = runEnd(chain, h);
  const run: BlockTxs[] = [];
  const built: [number, string | undefined][] = [];
  for (let b = h; b <= upTo && run.length < RUN_BLOCKS; b = lastOf(run) + 1) {
    if (run.length > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    const piece = blockRun(chain, replayed.pox, b, upTo, Math.min(PIECE, RUN_BLOCKS - run.length));
    run.push(...piece);
    built.push([lastOf(piece), hashOf(chain, lastOf(piece))]);
    const end = piece[piece.length - 1] as BlockTxs;
    if (end.worldEnd !== end.end) break;
  }
  return { run, built };
}
