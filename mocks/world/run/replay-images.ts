import type { EngineImage } from '../../clarity/engine-wire.ts';
import { generatedTip, type Chain, type GeneratedTip } from '../tables/chain.ts';
import type { Replayed } from './replay.ts';

/**
 * An engine image of a world replayed up to its generated tip (clarity/node/session-memory.ts),
 * with the replay's own record at that point: a new engine for a chain of the same world, still
 * holding those blocks (a second mock of the world, the same mock after a reset), starts from it
 * and replays only what came after, instead of booting and replaying hundreds of blocks.
 */
export interface KeptReplay {
  readonly image: EngineImage;
  readonly replayed: Replayed;
}

interface Kept extends KeptReplay {
  readonly tip: GeneratedTip;
}

/**
 * Images kept in this process, the most recently used last: an image is as large as the engine's
 * memory (80 MB and up), and a process rarely runs more than two worlds' engines, or one world's
 * with and without costs.
 */
const KEPT = 2;
const kept = new Map<string, Kept>();

/** The world's options (which generate its chain, block for block) and whether the engine counts costs. */
function keyOf(chain: Chain, costed: boolean): string {
  return JSON.stringify([costed, chain.options], (_key, value: unknown) =>
    typeof value === 'bigint'
      ? `${value}n`
      : value instanceof Map || value instanceof Set
        ? [...value]
        : value,
  );
}

/** The image kept for `chain`'s world, while `chain` still holds its generated blocks; its record is the caller's own copy. */
export function keptReplay(chain: Chain, costed: boolean): KeptReplay | undefined {
  const tip = generatedTip(chain);
  const key = keyOf(chain, costed);
  const entry = tip && kept.get(key);
  if (!tip || !entry || entry.tip.height !== tip.height || entry.tip.indexHash !== tip.indexHash)
    return undefined;
  kept.delete(key);
  kept.set(key, entry);
  return { image: entry.image, replayed: structuredClone(entry.replayed) };
}

/**
 * Keeps the image `take` makes of an engine that has replayed `replayed` of `chain`, for the next
 * engine of its world, when it stands at the chain's generated tip; takes none elsewhere.
 */
export async function keepReplay(
  chain: Chain,
  costed: boolean,
  replayed: Replayed,
  take: () => Promise<EngineImage>,
): Promise<void> {
  const tip = generatedTip(chain);
  if (tip?.height !== replayed.height) return;
  const image = await take();
  const key = keyOf(chain, costed);
  kept.delete(key);
  kept.set(key, { image, replayed: structuredClone(replayed), tip });
  for (const oldest of kept.keys()) if (kept.size > KEPT) kept.delete(oldest);
}

/** Drops the image kept for `chain`'s world: the engine's package could not take it. */
export function forgetReplay(chain: Chain, costed: boolean): void {
  kept.delete(keyOf(chain, costed));
}
