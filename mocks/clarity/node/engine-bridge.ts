// The Clarity engine on a thread of its own (engine-worker.ts), seen from the mock's thread as the
// synchronous `ClarityEngine` it always was. Its start (the package's import, the session's boot
// contracts: seconds on a busy machine) is a message answered when done, so the mock's thread
// answers everything else meanwhile; each call of the facade is a short synchronous crossing: the
// call posted on a port, the mock's thread asleep in `Atomics.wait` until the engine's thread
// signals its answer, read with `receiveMessageOnPort`. `callLater` makes the same crossing
// without the sleep (the signal awaited with `Atomics.waitAsync`), for a long run of calls (the
// replay at an engine's start) during which the mock's thread answers its other requests.
// synckit does the synchronous crossing, but only into a worker it owns: the start could not be
// asynchronous through it.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { ClarityEngine, ContractId, ContractInterface, ReadOnlyAnswer } from '../engine.ts';
import {
  revived,
  type EngineImage,
  type EngineMethod,
  type Go,
  type HostedEngine,
  type ImageWritten,
  type Reply,
  type Signed,
  type Start,
  type Started,
} from '../engine-wire.ts';
import {
  batchBudget,
  CALL_BUDGET,
  EngineCrossing,
  EngineTimeout,
  OWN_WORK_BUDGET,
} from './engine-crossing.ts';
import { callCpuMs, MEMORY_PAGES, SIGNAL_SLOTS } from './thread-clock.ts';
import type { Next } from './thread-start.ts';
import { bundledWorker } from './worker-build.ts';

export { CALL_BUDGET, CALL_BUDGET_MS, EngineTimeout, OWN_WORK_BUDGET } from './engine-crossing.ts';

/** What a call to an engine whose thread is gone throws. */
const LOST = "the Clarity engine's thread was stopped: a new engine replaces it";

/**
 * The engine package's compiled module, kept by this thread once an engine's thread made it. V8
 * shares one compiled module among a process's threads, its code tiered up included, only while
 * some thread holds it: without this, an engine started after the last one ended compiled the
 * package's 7.5 MB of WebAssembly again, and optimized its hot functions again (a quarter of the
 * CPU of a test file that starts engines one after another; a mock's reorg or reset starts one too).
 */
const compiledEngine = new Map<string, WebAssembly.Module>();

/** What this process keeps of the package `from`'s compiled engine, once an engine of it started. */
export function keptEngineModule(from: string): WebAssembly.Module | undefined {
  return compiledEngine.get(from);
}

/** Engines no one holds any more: their threads end with them. */
const unheld = new FinalizationRegistry<Worker>((worker) => void worker.terminate());

/**
 * A thread whose engine was closed while it answered nothing, kept for the next engine this
 * process starts that it fits (`fits`): that engine then takes the thread's own instance, renewed
 * (session-memory.ts), where a new thread loads the package again and touches its memory anew
 * (0.8 s of CPU, half of it the kernel's page faults, for an engine started from an image). A test
 * file, a reorg or a reset starts engine after engine.
 */
interface KeptThread {
  worker: Worker;
  /** The start its thread was made with: a renewed session is a new one of these options. */
  made: Start;
  timer: NodeJS.Timeout;
}
const keptThreads: KeptThread[] = [];
/** How long a kept thread, and the memory it holds, waits for the next engine before it ends. */
const KEEP_MS = 30_000;
const KEEP_THREADS = 2;
/**
 * A thread whose memory is past this is ended rather than kept: a memory cannot shrink, and a
 * session that grows on a renewed one takes memory past what the last one held (a default
 * world's session holds 91 MB).
 */
const KEEP_PAGES = (192 * 1024 * 1024) / 65_536;

/**
 * Whether a thread made for `made` runs an engine of `start`: the same package and priority, and,
 * unless the engine starts from an image (which holds its session's options), the same options.
 */
function fits(made: Start, start: Start, restoring: boolean): boolean {
  return (
    made.from === start.from &&
    made.background === start.background &&
    (restoring || made.trackCosts === start.trackCosts)
  );
}

/**
 * Removes what listened to `worker`'s events. Not all of its listeners: the Worker's own, on
 * `newListener` and `removeListener`, start and stop its port as `message` listeners come and
 * go; without them a thread kept for another engine never delivers its next message.
 */
function forget(worker: Worker): void {
  for (const event of ['message', 'error', 'exit']) worker.removeAllListeners(event);
}

/** The thread last kept that runs an engine of `start`, taken out of the kept ones. */
function takeKept(start: Start, restoring: boolean): KeptThread | undefined {
  const at = keptThreads.findLastIndex((kept) => fits(kept.made, start, restoring));
  if (at < 0) return undefined;
  const [kept] = keptThreads.splice(at, 1) as [KeptThread];
  clearTimeout(kept.timer);
  forget(kept.worker);
  return kept;
}

function keep(worker: Worker, made: Start): void {
  forget(worker);
  if (keptThreads.length >= KEEP_THREADS) void end(keptThreads[0] as KeptThread);
  const kept: KeptThread = { worker, made, timer: setTimeout(() => void end(kept), KEEP_MS).unref() };
  worker.once('exit', () => void end(kept));
  worker.once('error', () => void end(kept));
  keptThreads.push(kept);
}

/** Ends the threads kept for a next engine now, and the memory they hold. */
export async function endKeptThreads(): Promise<void> {
  await Promise.all([...keptThreads].map(end));
}

async function end(kept: KeptThread): Promise<void> {
  const at = keptThreads.indexOf(kept);
  if (at >= 0) keptThreads.splice(at, 1);
  clearTimeout(kept.timer);
  await kept.worker.terminate();
}

/**
 * The worker's entry: tsc's and the build's JavaScript beside this file in dist/, or, from the
 * sources (`make mock`, the tests), the same bundle made from them (worker-build.ts), or when it
 * cannot be made the TypeScript file imported through tsx's `tsImport` (a worker ignores a loader
 * passed as `--import` in its execArgv on Node 20). tsx's package resolves `tsx/esm/api` for
 * `require` to its CommonJS file; the ES module one is beside it.
 */
async function workerEntry(): Promise<{ entry: URL | string; eval: boolean }> {
  const built = new URL('./engine-worker.js', import.meta.url);
  if (existsSync(built)) return { entry: built, eval: false };
  const bundled = await bundledWorker();
  if (bundled) return { entry: bundled, eval: false };
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const source = JSON.stringify(new URL('./engine-worker.ts', import.meta.url).href);
  return {
    entry: `import(${JSON.stringify(pathToFileURL(api).href)}).then(({ tsImport }) => tsImport(${source}, ${source}));`,
    eval: true,
  };
}

/**
 * A new engine on its own thread, started at once: its package is imported while `restore`
 * settles, then its session is booted, or restored from the image `restore` gives. Resolves once
 * its session holds the boot contracts (or the image), rejects with what stopped it
 * (`ClarityUnavailable` when the package is missing).
 */
export async function startHostedEngine(
  start: Start,
  restore?: Promise<EngineImage | undefined>,
): Promise<HostedEngine> {
  const signal = new Int32Array(new SharedArrayBuffer(4 * SIGNAL_SLOTS));
  const { port1, port2 } = new MessageChannel();
  let kept = takeKept(start, false);
  if (!kept && keptThreads.some((other) => fits(other.made, start, true))) {
    if (await Promise.resolve(restore).catch(() => undefined)) kept = takeKept(start, true);
  }
  let thread: Worker;
  if (kept) {
    thread = kept.worker;
    // Held by the process until it says it started, as a new thread is (`running` lets it go).
    thread.ref();
    thread.postMessage({ next: { ...start, port: port2, signal } } satisfies Next, [port2]);
  } else {
    const { entry, eval: evaluated } = await workerEntry();
    thread = new Worker(entry, {
      eval: evaluated,
      workerData: { ...start, port: port2, signal },
      transferList: [port2],
    });
  }
  const started = new Promise<Started>((resolve, reject) => {
    thread.once('message', resolve);
    thread.once('error', reject);
    thread.once('exit', (code) =>
      reject(new Error(`the Clarity engine's thread stopped (exit code ${code})`)),
    );
  });
  // The image crosses shared, without a copy; a thread that already stopped takes nothing.
  void Promise.resolve(restore).then(
    (image) => thread.postMessage((image ? { restore: image } : {}) satisfies Go),
    () => thread.postMessage({} satisfies Go),
  );
  const answer = await started.catch(async (error: unknown) => {
    await thread.terminate();
    throw error;
  });
  if (answer.ok && answer.module) compiledEngine.set(start.from, answer.module);
  return running(thread, kept?.made ?? start, port1, signal, answer);
}

/** The engine on `worker`, made for `made`, once it said how its start went. */
async function running(
  worker: Worker,
  made: Start,
  port1: MessagePort,
  signal: Int32Array,
  started: Started,
): Promise<HostedEngine> {
  forget(worker);
  if (!started.ok) {
    await worker.terminate();
    throw revived(started.error);
  }
  const crossing = new EngineCrossing(
    port1,
    signal,
    started.tip,
    () => void lose(),
    started.thread === undefined ? undefined : callCpuMs(started.thread, signal),
  );
  // Once started, the engine's thread keeps no process alive: a synchronous call holds the
  // caller's thread, an asynchronous one its timer.
  worker.on('exit', () => crossing.stop(new Error(LOST)));
  worker.on('error', () => crossing.stop(new Error(LOST)));
  worker.unref();

  function lose(): Promise<void> {
    crossing.stop(new Error(LOST));
    port1.close();
    return worker.terminate().then(() => undefined);
  }

  /**
   * Ends the engine; its thread is kept for the next one when it answers nothing and its memory
   * allows. Once ended, nothing: the thread may run another engine by then.
   */
  function close(): Promise<void> {
    if (crossing.stopped) return Promise.resolve();
    if (!crossing.idle || Atomics.load(signal, MEMORY_PAGES) > KEEP_PAGES) return lose();
    crossing.stop(new Error(LOST));
    port1.close();
    unheld.unregister(engine);
    keep(worker, made);
    return Promise.resolve();
  }

  const across =
    <M extends EngineMethod>(method: M) =>
    (...args: Parameters<ClarityEngine[M]>) =>
      crossing.now({ method, args }, CALL_BUDGET) as ReturnType<ClarityEngine[M]>;

  const engine: HostedEngine = {
    get tip() {
      return crossing.tip;
    },
    bootAddress: started.bootAddress,
    chainId: started.chainId,
    get lost() {
      return crossing.stopped;
    },
    thread: worker.threadId,
    close,
    callLater: (call) => crossing.later(call, CALL_BUDGET),
    async batchLater(calls) {
      const replies = (await crossing.later(
        { method: 'batch', args: [calls] },
        batchBudget(calls.length),
      )) as Reply[];
      return replies.map((reply) => (reply.ok ? reply : { ...reply, error: revived(reply.error) }));
    },
    // The mock's own work runs no one's Clarity: only a hung thread stops it.
    signLater: (requests) =>
      crossing.later({ method: 'sign', args: [requests] }, OWN_WORK_BUDGET) as Promise<Signed[]>,
    imageLater: () => crossing.later({ method: 'image', args: [] }, OWN_WORK_BUDGET) as Promise<EngineImage>,
    writeImageLater: (file) =>
      crossing.later({ method: 'writeImage', args: [file] }, OWN_WORK_BUDGET) as Promise<ImageWritten>,
    bootInterfacesLater: (bootAddress) =>
      crossing.later({ method: 'bootInterfaces', args: [bootAddress] }, OWN_WORK_BUDGET) as Promise<
        [ContractId, ContractInterface][]
      >,
    mineBlock: across('mineBlock'),
    advanceTo: across('advanceTo'),
    mintStx: across('mintStx'),
    callReadOnly(...args): ReadOnlyAnswer {
      try {
        return across('callReadOnly')(...args);
      } catch (error) {
        // As the facade answers any failed call: the node's `{okay: false}` with its cause.
        if (error instanceof EngineTimeout) return { okay: false, cause: error.message };
        throw error;
      }
    },
    dataVar: across('dataVar'),
    mapEntry: across('mapEntry'),
    constant: across('constant'),
    contractInterface: across('contractInterface'),
    source: across('source'),
    contracts: across('contracts'),
  };
  unheld.register(engine, worker, engine);
  return engine;
}
