import {
  ForksPoolWorker,
  type PoolOptions,
  type PoolRunnerInitializer,
  type PoolWorker,
  type WorkerRequest,
} from 'vitest/node';

/** A custom pool's name may not be a built-in one: vitest would build its own worker for it. */
const NAME = 'kept-forks';
const RESPONSE = { __vitest_worker_response__: true } as const;

type Listener = (arg: unknown) => void;

/** A vitest pool whose one worker process outlives each `runTestSpecifications`, and its end. */
export interface KeptWorkerPool {
  pool: PoolRunnerInitializer;
  /** Stops the kept worker: after the last run. */
  end(): Promise<void>;
}

/**
 * One forked test worker for every run of the contract project in this process. vitest 4 ends a
 * non-isolated worker as each `runTestSpecifications` ends, so every self-test run paid about 3.5 s
 * of CPU to start a process and load the suite, ajv and the spec's validators again for a tenth of
 * a second of tests. Here the worker gets vitest's `start` once and never its `stop` (both are
 * answered for it): its modules stay loaded, and each run's files are run in it as in one long
 * non-isolated run. What must not cross from one run to the next is keyed by the run's
 * configuration, which every run hands its files (contract-tests/target.ts).
 */
export function keptWorkerPool(): KeptWorkerPool {
  let kept: ForksPoolWorker | undefined;
  /** The kept worker took vitest's `start`: its runtime is set up for the contract project. */
  let setUp = false;

  function keep(options: PoolOptions): ForksPoolWorker {
    if (kept) return kept;
    const worker = new ForksPoolWorker(options);
    kept = worker;
    return worker;
  }

  function createPoolWorker(options: PoolOptions): PoolWorker {
    const worker = keep(options);
    const listeners: [string, Listener][] = [];
    // Answers vitest's runner where the kept worker is not asked: after the runner's own send.
    const answer = (type: 'started' | 'stopped'): void =>
      void setImmediate(() => {
        for (const [event, listener] of listeners) if (event === 'message') listener({ type, ...RESPONSE });
      });
    return {
      name: NAME,
      cacheFs: worker.cacheFs,
      on(event, listener: Listener) {
        listeners.push([event, listener]);
        worker.on(event, listener);
      },
      off(event, listener: Listener) {
        const at = listeners.findIndex(([e, l]) => e === event && l === listener);
        if (at !== -1) listeners.splice(at, 1);
        worker.off(event, listener);
      },
      send(message: WorkerRequest) {
        if (message.type === 'stop') return answer('stopped');
        if (message.type === 'start' && setUp) return answer('started');
        if (message.type === 'start') setUp = true;
        worker.send(message);
      },
      deserialize: (data) => data,
      async start() {
        if (setUp) return;
        await worker.start();
        // A worker that died (a test called process.abort, the machine killed it) is not kept:
        // the next run starts another.
        worker.on('exit', () => {
          if (kept === worker) [kept, setUp] = [undefined, false];
        });
      },
      async stop() {
        for (const [event, listener] of listeners.splice(0)) worker.off(event, listener);
      },
    };
  }

  return {
    pool: { name: NAME, createPoolWorker },
    async end() {
      const worker = kept;
      [kept, setUp] = [undefined, false];
      await worker?.stop();
    },
  };
}
