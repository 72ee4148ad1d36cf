// A run of engine calls written once and run either way: now, each call a synchronous crossing
// (a block being mined, the reads of a warm engine), or awaited, each call crossing while the
// caller's thread answers its other requests (the replay at an engine's start). It is a generator
// that yields each call and is handed back its answer, or has the engine's error thrown into it,
// so what the answers settle is the same code both ways.
import type { ClarityEngine } from './engine.ts';
import type { EngineCall, EngineMethod, HostedEngine } from './engine-wire.ts';

/** Engine calls, yielded one at a time; `T` is what the run settles to. */
export type EngineSteps<T> = Generator<EngineCall, T, unknown>;

/** What a run reads of the engine without calling it: its tip moves as its calls are answered. */
export type EngineFacts = Pick<ClarityEngine, 'tip' | 'bootAddress' | 'chainId'>;

/** One call of the facade, as a step: `yield* step('mineBlock', txs, burnHeight)` is its answer. */
export function* step<M extends EngineMethod>(
  method: M,
  ...args: Parameters<ClarityEngine[M]>
): Generator<EngineCall, ReturnType<ClarityEngine[M]>, unknown> {
  return (yield { method, args }) as ReturnType<ClarityEngine[M]>;
}

/** Runs `steps` now, each call a synchronous crossing. */
export function runNow<T>(engine: ClarityEngine, steps: EngineSteps<T>): T {
  let next = steps.next();
  while (!next.done) {
    const { method, args } = next.value;
    let answer: unknown;
    try {
      answer = (engine[method] as (...a: readonly unknown[]) => unknown)(...args);
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(answer);
  }
  return next.value;
}

/** Runs `steps` with each call crossing asynchronously (`HostedEngine.callLater`). */
export async function runLater<T>(engine: HostedEngine, steps: EngineSteps<T>): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    let answer: unknown;
    try {
      answer = await engine.callLater(next.value);
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(answer);
  }
  return next.value;
}
