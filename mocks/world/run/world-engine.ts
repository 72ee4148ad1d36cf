import type { ClarityEngine } from '../../clarity/engine.ts';
import { startEngine } from '../../clarity/load.ts';
import { BlockKey } from '../tables/block-table.ts';
import type { Chain } from '../tables/chain.ts';
import { replayChain, type Replayed } from './replay.ts';

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
  readonly engine: ClarityEngine;
  readonly chain: Chain;
  readonly replayed: Replayed;
  /** Index block hash of the last block replayed: a reorg below it means starting again. */
  lastHash: string;
}

/**
 * The world run in the Clarity engine, following the living chain: `ready()` answers the
 * engine holding the chain as it is now. A mined block is replayed on top; a chain replaced
 * below what was replayed (a reorg, a reset) is replayed in a new engine from genesis. The
 * first start (the engine's session, then the whole world) happens once, in the background from
 * `warm()` or on the first `ready()`; every caller waits for the same one.
 */
export class WorldEngine {
  private synced: Promise<Synced> | undefined;

  constructor(private readonly currentChain: () => Chain) {}

  /** Starts the engine without waiting; a failure (the package missing) is kept for `ready()`. */
  warm(): void {
    this.ready().catch(() => undefined);
  }

  /** The engine holding the chain as it is now; `ClarityUnavailable` when its package is missing. */
  async ready(): Promise<ContractReads> {
    for (;;) {
      const chain = this.currentChain();
      const seen = this.synced;
      const synced = seen && (await seen);
      if (synced && follows(synced, chain)) {
        catchUp(synced, chain);
        return readsOf(synced);
      }
      // Whoever saw the engine fall behind first starts the new one; the others wait for it.
      if (this.synced === seen) this.synced = startOn(chain);
    }
  }
}

/** Blocks replayed between two turns of the event loop while an engine catches up at start. */
const REPLAY_CHUNK = 25;

/**
 * A new engine holding `chain`: the replay goes a few blocks at a time, giving the event loop a
 * turn between them, so the mock keeps answering its other requests while the engine warms.
 */
async function startOn(chain: Chain): Promise<Synced> {
  const engine = await startEngine();
  const synced: Synced = { engine, chain, replayed: { engineHeights: [], height: 0 }, lastHash: '' };
  while (follows(synced, chain) && synced.replayed.height < chain.blocks.count) {
    catchUp(synced, chain, Math.min(synced.replayed.height + REPLAY_CHUNK, chain.blocks.count));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return synced;
}

/** Whether `chain` extends what `synced` replayed: same tables, same block at its last height. */
function follows(synced: Synced, chain: Chain): boolean {
  const h = synced.replayed.height;
  if (chain !== synced.chain) return false;
  return (
    h === 0 || (chain.blocks.count >= h && chain.blocks.hex(BlockKey.IndexHash, h - 1) === synced.lastHash)
  );
}

function catchUp(synced: Synced, chain: Chain, tip = chain.blocks.count): void {
  if (chain !== synced.chain) return;
  if (synced.replayed.height >= tip) return;
  const fresh = synced.replayed.height === 0 ? undefined : synced.replayed;
  const replayed = replayChain(synced.engine, chain, tip, fresh);
  Object.assign(synced.replayed, replayed);
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
