import type { ContractId, ContractInterface } from './engine.ts';
import type { EngineImage, HostedEngine, ImageWritten } from './engine-wire.ts';
import type { StoredImage } from './node/image-files.ts';
import { CLARITY_PACKAGE } from './unavailable.ts';

export type { StoredImage } from './node/image-files.ts';

/**
 * The engine's Node side, its thread (node:worker_threads) and its images' files (node:crypto,
 * node:fs/promises), evaluated on its first use: a mock starts its engine after its first answers
 * (mocks/server.ts), and evaluating them at start took about 10 ms of the CLI's CPU before it.
 */
function bridge(): Promise<typeof import('./node/engine-bridge.ts')> {
  return import('./node/engine-bridge.ts');
}

function files(): Promise<typeof import('./node/image-files.ts')> {
  return import('./node/image-files.ts');
}

/** Whether the engines started from now on run in the background (`runEnginesInBackground`). */
let background = false;

/**
 * From now on, each new engine's thread runs at a lower priority than the process's other
 * threads (where one thread's priority can be set: Linux). The CLI's choice, a backend many
 * clients share: a contract that keeps the engine busy for seconds must not slow the answers to
 * everyone else (bench/hostile-load.ts). The in-process doors leave it: there the caller's own
 * test usually waits on the engine, and a busy machine would starve it.
 */
export function runEnginesInBackground(): void {
  background = true;
}

/**
 * A new engine on a thread of its own (engine-bridge.ts): an empty simnet session with the node's
 * boot contracts (pox-4, the costs, BNS), in the epoch the mock's chains are in. Its start (about
 * 1.5 s on a quiet machine, ten on a loaded one; a tenth of that from the booted session's image
 * a process of this machine stored before, image-files.ts) runs on that thread, so the caller's
 * keeps answering. `trackCosts`: each transaction's costs are counted and one past a block's
 * limits fails, as on the chain (a replay then takes about twice as long). Each call starts its
 * own chain, or, with `restore`, goes on from the image another engine took (`imageLater`), which
 * costs a copy of its memory instead of a boot and a replay; a `restore` that settles to nothing
 * starts a chain of its own. The thread starts at once: its package's import runs while `restore`
 * and the booted session's image are looked for. `ClarityUnavailable` when the package is
 * missing; an image the engine cannot take rejects. `from` names another package (the tests name
 * a missing one). `close()` ends it.
 */
export async function startEngine(
  from: string = CLARITY_PACKAGE,
  options: { trackCosts?: boolean; restore?: EngineImage | Promise<EngineImage | undefined> } = {},
): Promise<HostedEngine> {
  const trackCosts = options.trackCosts === true;
  const key = bootKey(trackCosts);
  const given = Promise.resolve(options.restore);
  // The booted session's image, when no other is given; none for another package.
  const booted = given.then(async (image) =>
    image || from !== CLARITY_PACKAGE ? undefined : (await readImageFile(key))?.image,
  );
  try {
    const { startHostedEngine } = await bridge();
    const engine = await startHostedEngine(
      { from, trackCosts, background },
      booted.then(async (image) => image ?? (await given)),
    );
    if (!(await given) && !(await booted)) await storeBoot(engine, key);
    return engine;
  } catch (error) {
    if (!(await booted)) throw error;
  }
  await dropImageFile(key);
  const engine = await (await bridge()).startHostedEngine({ from, trackCosts, background });
  await storeBoot(engine, key);
  return engine;
}

/**
 * Stores the image of `engine`, just booted, written by its thread before the caller's first call
 * (which its thread runs after it: `storeImageFile` asks for the image before it first waits).
 */
async function storeBoot(engine: HostedEngine, key: string): Promise<void> {
  void (await files()).storeImageFile(key, null, (file) => engine.writeImageLater(file));
}

/**
 * The stored image of a new session, booted and nothing run in it: a process's first engine of
 * each world boots from it in about a tenth of a second, where the boot contracts' deployment
 * takes over two seconds of CPU (a whole test run boots about twenty).
 */
export function bootKey(trackCosts: boolean): string {
  return `boot ${trackCosts ? 'costed' : 'free'}`;
}

/** The image stored for `key` (node/image-files.ts). */
export async function readImageFile(key: string): Promise<StoredImage | undefined> {
  return (await files()).readImageFile(key);
}

/** Stores an engine's image, its memory written by its own thread (node/image-files.ts). */
export async function storeImageFile(
  key: string,
  beside: unknown,
  write: (file: string) => Promise<ImageWritten>,
): Promise<StoredImage | undefined> {
  return (await files()).storeImageFile(key, beside, write);
}

export async function dropImageFile(key: string): Promise<void> {
  return (await files()).dropImageFile(key);
}

export async function readBootInterfacesFile(
  bootAddress: string,
): Promise<[ContractId, ContractInterface][] | undefined> {
  return (await files()).readBootInterfacesFile(bootAddress);
}

export async function writeBootInterfacesFile(
  bootAddress: string,
  interfaces: [ContractId, ContractInterface][],
): Promise<void> {
  return (await files()).writeBootInterfacesFile(bootAddress, interfaces);
}
