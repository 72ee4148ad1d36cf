// A run of engine calls written once and run either way: now, each call a synchronous crossing
// (a block being mined, the reads of a warm engine), or awaited, each call crossing while the
// caller's thread answers its other requests (the replay at an engine's start). It is a generator
// that yields each call and is handed back its answer, or has the engine's error thrown into it,
// so what the answers settle is the same code both ways. A batch of calls crosses once, and is
// handed back each one's answer.
import type { ClarityEngine } from './engine.ts';
import type { BatchAnswer, BatchCall, EngineCall, EngineMethod, HostedEngine } from './engine-wire.ts';

/** Engine calls or batches of them, yielded one at a time; `T` is what the run settles to. */
export type EngineSteps<T> = Generator<EngineCall | BatchCall, T, unknown>;

/** What a run reads of the engine without calling it: its tip moves as its calls are answered. */
export type EngineFacts = Pick<ClarityEngine, 'tip' | 'bootAddress' | 'chainId'>;

/** One call of the facade, as a step: `yield* step('mineBlock', txs, burnHeight)` is its answer. */
export function* step<M extends EngineMethod>(
  method: M,
  ...args: Parameters<ClarityEngine[M]>
): Generator<EngineCall, ReturnType<ClarityEngine[M]>, unknown> {
  return (yield { method, args }) as ReturnType<ClarityEngine[M]>;
}

/** One call of the facade, for a batch. */
export function call<M extends EngineMethod>(method: M, ...args: Parameters<ClarityEngine[M]>): EngineCall {
  return { method, args };
}

/**
 * Calls run one after another in one crossing, as a step: each one's answer, up to the first
 * that threw (its error in its place; the calls after it do not run).
 */
export function* batch(calls: readonly EngineCall[]): Generator<BatchCall, BatchAnswer[], unknown> {
  if (calls.length === 0) return [];
  return (yield { method: 'batch', args: [calls] }) as BatchAnswer[];
}

/** Runs `steps` now, each call a synchronous crossing. */
export function runNow<T>(engine: ClarityEngine, steps: EngineSteps<T>): T {
  let next = steps.next();
  while (!next.done) {
    const made = next.value;
    let answer: unknown;
    try {
      answer = made.method === 'batch' ? batchNow(engine, made.args[0]) : callNow(engine, made);
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(answer);
  }
  return next.value;
}

function callNow(engine: ClarityEngine, { method, args }: EngineCall): unknown {
  return (engine[method] as (...a: readonly unknown[]) => unknown)(...args);
}

/** A batch's calls run now, as the engine's thread runs them: none after the first that throws. */
function batchNow(engine: ClarityEngine, calls: readonly EngineCall[]): BatchAnswer[] {
  const answers: BatchAnswer[] = [];
  for (const made of calls) {
    try {
      answers.push({ ok: true, value: callNow(engine, made), tip: engine.tip });
    } catch (error) {
      answers.push({ ok: false, error: error as Error, tip: engine.tip });
      break;
    }
  }
  return answers;
}

/** Runs `steps` with each call crossing asynchronously (`HostedEngine.callLater`, `batchLater`). */
export async function runLater<T>(engine: HostedEngine, steps: EngineSteps<T>): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    const made = next.value;
    let answer: unknown;
    try {
      answer = await (made.method === 'batch' ? engine.batchLater(made.args[0]) : engine.callLater(made));
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(answer);
  }
  return next.value;
}
