// The Clarity engine on a thread of its own (engine-worker.ts), seen from the mock's thread as the
// synchronous `ClarityEngine` it always was. Its start (the package's import, the session's boot
// contracts: seconds on a busy machine) is a message answered when done, so the mock's thread
// answers everything else meanwhile; each call of the facade is a short synchronous crossing: the
// call posted on a port, the mock's thread asleep in `Atomics.wait` until the engine's thread
// signals its answer, read with `receiveMessageOnPort`. synckit does the same crossing, but only
// as a synchronous call into a worker it owns: the start could not be asynchronous through it.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { EngineRefusal, type ClarityEngine, type ReadOnlyAnswer } from '../engine.ts';
import {
  revived,
  type EngineCall,
  type EngineMethod,
  type Reply,
  type Start,
  type Started,
  type Tip,
  type HostedEngine,
} from '../engine-wire.ts';

/**
 * The longest the mock's thread waits for one call of the engine. A node stops a call at its
 * runtime limit (5·10⁹ units) in a few seconds; the simnet takes about a minute to reach it, the
 * mock answering nothing meanwhile. Past this budget the engine's thread is stopped, the call is
 * refused as too expensive (`EngineTimeout`), and a new engine replays the chain.
 */
export const CALL_BUDGET_MS = 5_000;

/** A call stopped at `CALL_BUDGET_MS`: a node's miner would leave it out, as past a block's limits. */
export class EngineTimeout extends EngineRefusal {
  constructor(method: string) {
    super(
      `${method}: CostBalanceExceeded: ran past the mock's budget of ${CALL_BUDGET_MS / 1000} s for one call ` +
        '(a call spinning to the runtime limit)',
    );
  }
}

/** Engines no one holds any more: their threads end with them. */
const unheld = new FinalizationRegistry<Worker>((worker) => void worker.terminate());

/**
 * The worker's entry: tsc's and the build's JavaScript beside this file in dist/, or, from the
 * sources (`make mock`, the tests), the TypeScript file imported through tsx's `tsImport` (a
 * worker ignores a loader passed as `--import` in its execArgv on Node 20). tsx's package
 * resolves `tsx/esm/api` for `require` to its CommonJS file; the ES module one is beside it.
 */
function workerEntry(): { entry: URL | string; eval: boolean } {
  const built = new URL('./engine-worker.js', import.meta.url);
  if (existsSync(built)) return { entry: built, eval: false };
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
 * A new engine on its own thread; resolves once its session holds the boot contracts, rejects
 * with what stopped it (`ClarityUnavailable` when the package is missing).
 */
export async function startHostedEngine(start: Start): Promise<HostedEngine> {
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const { entry, eval: evaluated } = workerEntry();
  const worker = new Worker(entry, {
    eval: evaluated,
    workerData: { ...start, port: port2, signal },
    transferList: [port2],
  });
  const state = { lost: false };
  const started = await new Promise<Started>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the Clarity engine's thread stopped (exit code ${code})`)),
    );
  });
  worker.removeAllListeners();
  // Once started, the engine's thread keeps no process alive: a call holds the caller's thread.
  worker.on('exit', () => (state.lost = true));
  worker.on('error', () => (state.lost = true));
  worker.unref();
  if (!started.ok) {
    await worker.terminate();
    throw revived(started.error);
  }
  let tip: Tip = started.tip;

  function lose(): Promise<void> {
    state.lost = true;
    port1.close();
    return worker.terminate().then(() => undefined);
  }

  function call(method: EngineMethod, args: readonly unknown[]): unknown {
    if (state.lost) throw new Error("the Clarity engine's thread was stopped: a new engine replaces it");
    Atomics.store(signal, 0, 0);
    port1.postMessage({ method, args } satisfies EngineCall);
    // Woken only by this call's answer: the engine's thread may still be notifying for the one
    // before (this thread saw its signal set and went on before the notify), which wakes a wait
    // with the signal still 0 and nothing on the port.
    const deadline = Date.now() + CALL_BUDGET_MS;
    while (Atomics.load(signal, 0) === 0) {
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(signal, 0, 0, left) === 'timed-out') {
        void lose();
        throw new EngineTimeout(method);
      }
    }
    const reply = receiveMessageOnPort(port1)?.message as Reply;
    tip = reply.tip;
    if (!reply.ok) throw revived(reply.error);
    return reply.value;
  }

  const across =
    <M extends EngineMethod>(method: M) =>
    (...args: Parameters<ClarityEngine[M]>) =>
      call(method, args) as ReturnType<ClarityEngine[M]>;

  const engine: HostedEngine = {
    get tip() {
      return tip;
    },
    bootAddress: started.bootAddress,
    chainId: started.chainId,
    get lost() {
      return state.lost;
    },
    close: lose,
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
  unheld.register(engine, worker);
  return engine;
}
