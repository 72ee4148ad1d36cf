import type { EngineImage, HostedEngine } from '../../clarity/engine-wire.ts';
import { dropImageFile, readImageFile, storeImageFile } from '../../clarity/load.ts';
import { generatedTip, type Chain, type GeneratedTip } from '../tables/chain.ts';
import type { Replayed } from './replay.ts';

/**
 * An engine image of a world replayed up to its generated tip (clarity/node/session-memory.ts),
 * with the replay's own record at that point: a new engine for a chain of the same world, still
 * holding those blocks (a second mock of the world, the same mock after a reset), starts from it
 * and replays only what came after, instead of booting and replaying hundreds of blocks. Each
 * image is also stored on disk (clarity/node/image-files.ts) for the other processes of the machine.
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

interface Beside {
  readonly replayed: Replayed;
  readonly tip: GeneratedTip;
}

function sameTip(a: GeneratedTip, b: GeneratedTip): boolean {
  return a.height === b.height && a.indexHash === b.indexHash;
}

function remember(key: string, entry: Kept): void {
  kept.delete(key);
  kept.set(key, entry);
  for (const oldest of kept.keys()) if (kept.size > KEPT) kept.delete(oldest);
}

/**
 * The image kept for `chain`'s world, in this process or on disk, while `chain` still holds its
 * generated blocks; its record is the caller's own copy.
 */
export async function keptReplay(chain: Chain, costed: boolean): Promise<KeptReplay | undefined> {
  const tip = generatedTip(chain);
  if (!tip) return undefined;
  const key = keyOf(chain, costed);
  let entry = kept.get(key);
  if (!entry) {
    const stored = await readImageFile(key);
    const beside = stored?.beside as Beside | undefined;
    if (stored && beside) entry = { image: stored.image, replayed: beside.replayed, tip: beside.tip };
  }
  if (!entry || !sameTip(entry.tip, tip)) return undefined;
  remember(key, entry);
  return { image: entry.image, replayed: structuredClone(entry.replayed) };
}

/**
 * Keeps the image of `engine`, which has replayed `replayed` of `chain`, for the next engine of its
 * world, when it stands at the chain's generated tip; none elsewhere. Where images are stored on
 * disk, its thread writes the image's file and this process keeps that file's image (its next
 * engine of the world reads the file, as another process's does); elsewhere, or when the file
 * could not be written, the image is taken into this process's memory.
 */
export async function keepReplay(
  chain: Chain,
  costed: boolean,
  replayed: Replayed,
  engine: Pick<HostedEngine, 'imageLater' | 'writeImageLater'>,
): Promise<void> {
  const tip = generatedTip(chain);
  if (tip?.height !== replayed.height) return;
  const key = keyOf(chain, costed);
  const beside: Beside = { replayed: structuredClone(replayed), tip };
  const stored = await storeImageFile(key, beside, (file) => engine.writeImageLater(file));
  remember(key, { image: stored?.image ?? (await engine.imageLater()), replayed: beside.replayed, tip });
}

/** Drops every image this process keeps in memory: the next engine of any world replays it, or finds it on disk. */
export function forgetReplays(): void {
  kept.clear();
}

/** Drops the image kept for `chain`'s world: the engine's package could not take it. */
export async function forgetReplay(chain: Chain, costed: boolean): Promise<void> {
  const key = keyOf(chain, costed);
  kept.delete(key);
  await dropImageFile(key);
}
