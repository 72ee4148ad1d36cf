import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { Reply, ThreadCall } from '../engine-wire.ts';
import { CALL_BUDGET, EngineCrossing, EngineTimeout, OWN_WORK_BUDGET } from './engine-crossing.ts';

const TIP: Reply['tip'] = { height: 1, burnHeight: 1 };
const ports: MessagePort[] = [];
afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

/**
 * A crossing to a stand-in for the engine's thread, on this thread: it answers each call but
 * those of `silent` methods with the call's method name, as the engine's thread answers (the
 * reply on the port, then the signal). Asynchronous crossings only: a synchronous one would
 * sleep this thread, the stand-in's too.
 */
function crossing(silent: readonly ThreadCall['method'][]): {
  crossing: EngineCrossing;
  stuck: () => number;
} {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const signal = new Int32Array(new SharedArrayBuffer(4));
  port2.on('message', (call: ThreadCall) => {
    if (silent.includes(call.method)) return;
    port2.postMessage({ ok: true, value: call.method, tip: TIP } satisfies Reply);
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
  });
  let stuck = 0;
  return { crossing: new EngineCrossing(port1, signal, TIP, () => stuck++), stuck: () => stuck };
}

describe('EngineCrossing: each crossing held to the budget its caller states', () => {
  it("stops the mock's own work at the budget stated for it, not at one its method would have", async () => {
    const { crossing: across, stuck } = crossing(['image']);
    const budget = { ms: 20, past: 'no image within 20 ms' };
    await expect(across.later({ method: 'image', args: [] }, budget)).rejects.toThrow(
      new EngineTimeout('image', budget),
    );
    expect(stuck()).toBe(1);
  });

  it('holds a call of the facade to the budget stated, and one stated for own work to its own', async () => {
    const { crossing: across, stuck } = crossing(['mineBlock']);
    const short = { ms: 20, past: 'CostBalanceExceeded: past 20 ms' };
    const refused = await across.later({ method: 'mineBlock', args: [[]] }, short).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EngineTimeout);
    expect((refused as EngineTimeout).message).toBe('mineBlock: CostBalanceExceeded: past 20 ms');
    expect((refused as EngineTimeout).tooExpensive).toBe(true);
    expect(stuck()).toBe(1);
  });

  it('answers each call within its budget, in order, whatever budget each states', async () => {
    const { crossing: across, stuck } = crossing([]);
    const answers = await Promise.all([
      across.later({ method: 'sign', args: [[]] }, OWN_WORK_BUDGET),
      across.later({ method: 'dataVar', args: ['S.c', 'n'] }, CALL_BUDGET),
      across.later({ method: 'bootInterfaces', args: ['S'] }, OWN_WORK_BUDGET),
    ]);
    expect(answers).toEqual(['sign', 'dataVar', 'bootInterfaces']);
    expect(stuck()).toBe(0);
  });

  it('refuses a call past the call budget as too expensive, and own work past its budget as a hung thread', () => {
    expect(new EngineTimeout('callReadOnly', CALL_BUDGET).tooExpensive).toBe(true);
    expect(new EngineTimeout('callReadOnly', CALL_BUDGET).message).toContain(`${CALL_BUDGET.ms / 1000} s`);
    expect(new EngineTimeout('image', OWN_WORK_BUDGET).tooExpensive).toBe(false);
  });
});
