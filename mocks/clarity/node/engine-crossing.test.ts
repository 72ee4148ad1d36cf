import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { Reply, ThreadCall } from '../engine-wire.ts';
import { CALL_BUDGET, EngineCrossing, EngineTimeout, OWN_WORK_BUDGET } from './engine-crossing.ts';
import { ANSWERED, SIGNAL_SLOTS } from './thread-clock.ts';

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
function crossing(
  silent: readonly ThreadCall['method'][],
  cpuMs?: () => number | undefined,
): {
  crossing: EngineCrossing;
  stuck: () => number;
  answer: () => void;
} {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const signal = new Int32Array(new SharedArrayBuffer(4 * SIGNAL_SLOTS));
  const answer = (method: ThreadCall['method']): void => {
    port2.postMessage({ ok: true, value: method, tip: TIP } satisfies Reply);
    Atomics.store(signal, ANSWERED, 1);
    Atomics.notify(signal, ANSWERED);
  };
  let last: ThreadCall['method'] | undefined;
  port2.on('message', (call: ThreadCall) => {
    last = call.method;
    if (!silent.includes(call.method)) answer(call.method);
  });
  let stuck = 0;
  return {
    crossing: new EngineCrossing(port1, signal, TIP, () => stuck++, cpuMs),
    stuck: () => stuck,
    answer: () => answer(last as ThreadCall['method']),
  };
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

  it('holds a call on a CPU budget to the CPU time the engine spends on it, not to the time it waits for a core', async () => {
    // A machine busy with other work: 60 ms of waiting, 10 of them the engine's.
    let spent = 0;
    const { crossing: across, stuck, answer } = crossing(['mineBlock'], () => spent);
    const budget = { ms: 20, cpu: true, past: 'CostBalanceExceeded: past 20 ms' } as const;
    const mined = across.later({ method: 'mineBlock', args: [[]] }, budget);
    await new Promise((resolve) => setTimeout(resolve, 50));
    spent = 10;
    await new Promise((resolve) => setTimeout(resolve, 10));
    answer();
    expect(await mined).toBe('mineBlock');
    expect(stuck()).toBe(0);
    // Once the engine has spent it, the call is refused, however little time has passed.
    const spinning = across.later({ method: 'mineBlock', args: [[]] }, budget);
    spent = 25;
    await expect(spinning).rejects.toThrow(new EngineTimeout('mineBlock', budget));
    expect(stuck()).toBe(1);
  });

  it('holds own work, and any call where the engine’s CPU time cannot be read, to wall-clock time', async () => {
    const idle = crossing(['image', 'mineBlock'], () => 0);
    const own = { ms: 20, past: 'no image within 20 ms' };
    await expect(idle.crossing.later({ method: 'image', args: [] }, own)).rejects.toThrow(
      new EngineTimeout('image', own),
    );
    const unread = crossing(['mineBlock'], () => undefined);
    const budget = { ms: 20, cpu: true, past: 'CostBalanceExceeded: past 20 ms' } as const;
    await expect(unread.crossing.later({ method: 'mineBlock', args: [[]] }, budget)).rejects.toThrow(
      new EngineTimeout('mineBlock', budget),
    );
    expect([idle.stuck(), unread.stuck()]).toEqual([1, 1]);
  });

  it('refuses a call past the call budget as too expensive, and own work past its budget as a hung thread', () => {
    expect(new EngineTimeout('callReadOnly', CALL_BUDGET).tooExpensive).toBe(true);
    expect(new EngineTimeout('callReadOnly', CALL_BUDGET).message).toContain(`${CALL_BUDGET.ms / 1000} s`);
    expect(new EngineTimeout('image', OWN_WORK_BUDGET).tooExpensive).toBe(false);
  });
});
