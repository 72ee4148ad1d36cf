import { EngineRefusal, type ClarityEngine, type EngineTx } from '../../clarity/engine.ts';
import type { Chain } from '../tables/chain.ts';
import { engineTxOf, genesisAllocations } from './engine-txs.ts';

/**
 * Where the world's blocks sit on the engine's chain. The engine's heights are its own: each
 * burn block it moves to also mines a stacks block, and its burn chain starts at 1 where the
 * world's starts at hundreds of thousands, so the world's burn heights are kept as offsets from
 * the world's first.
 */
export interface Replayed {
  /** Engine height of world block h, at index h - 1. */
  readonly engineHeights: number[];
  /** World blocks replayed so far: the world's height up to which the engine holds the chain. */
  height: number;
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
 * order, each on its burn height; a fresh replay (`replayed` undefined) first credits the
 * genesis allocations. What the engine then holds is the world's contract state at `upTo`.
 */
export function replayChain(engine: ClarityEngine, chain: Chain, upTo: number, from?: Replayed): Replayed {
  const replayed = from ?? { engineHeights: [], height: 0 };
  if (!from) for (const { recipient, amount } of genesisAllocations(chain)) engine.mintStx(recipient, amount);
  const blocks = chain.blocks;
  const burnOrigin = (blocks.burnHeight[0] as number) - engine.tip.burnHeight;
  for (let h = replayed.height + 1; h <= upTo; h++) {
    const first = blocks.firstTx[h - 1] as number;
    const end = h < blocks.count ? (blocks.firstTx[h] as number) : chain.anchoredCount;
    const rows: number[] = [];
    const txs: EngineTx[] = [];
    for (let tx = first; tx < end; tx++) {
      const engineTx = engineTxOf(chain, tx);
      if (engineTx) {
        rows.push(tx);
        txs.push(engineTx);
      }
    }
    const burnHeight = (blocks.burnHeight[h - 1] as number) - burnOrigin;
    try {
      const outcomes = engine.mineBlock(txs, burnHeight);
      const failed = outcomes.findIndex((o) => !o.committed);
      if (failed >= 0) {
        throw new ReplayRefusal(
          chain.txs.idHex(rows[failed] as number),
          `it returned ${outcomes[failed]?.result}`,
        );
      }
    } catch (error) {
      if (error instanceof EngineRefusal) throw new ReplayRefusal(`in block ${h}`, error.message);
      throw error;
    }
    replayed.engineHeights[h - 1] = engine.tip.height;
    replayed.height = h;
  }
  return replayed;
}
