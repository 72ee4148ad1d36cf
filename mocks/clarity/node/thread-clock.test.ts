import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { callCpuMs, NOT_TAKEN, ownThreadId, ownTicks, SIGNAL_SLOTS, TAKEN_AT } from './thread-clock.ts';

/**
 * Keeps this thread busy until `ticks` has moved by `count`, or `wallMs` of wall-clock time has
 * passed (a reader that never moves); returns the process's CPU time meanwhile, in ms.
 */
function spin(ticks: () => number, count: number, wallMs: number): number {
  const from = ticks();
  const cpu = process.cpuUsage();
  const until = Date.now() + wallMs;
  while (ticks() - from < count && Date.now() < until);
  const { user, system } = process.cpuUsage(cpu);
  return (user + system) / 1000;
}

describe.skipIf(process.platform !== 'linux')('a thread’s CPU time, from /proc', () => {
  it('reads the calling thread’s own ticks, which a busy stretch moves and an idle one does not', async () => {
    const ticks = ownTicks() as () => number;
    const before = ticks();
    // This thread's share only: the process's other threads (a GC, another test's worker) may
    // spend more meanwhile, never less.
    const processMs = spin(ticks, 20, 30_000);
    const busy = ticks() - before;
    expect(busy).toBeGreaterThanOrEqual(20);
    expect(busy * 10).toBeLessThanOrEqual(processMs + 10);
    const rested = ticks();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ticks() - rested).toBeLessThan(busy / 2);
    expect(ownThreadId()).toBe(process.pid);
  });

  it('reads another thread’s CPU time on its call: none until it takes the call, then what it spends', async () => {
    const signal = new Int32Array(new SharedArrayBuffer(4 * SIGNAL_SLOTS));
    Atomics.store(signal, TAKEN_AT, NOT_TAKEN);
    // A thread that says its id, then, told to, takes a call and spends 300 ms of its CPU time on it.
    const worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const { readFileSync } = require('node:fs');
       const stat = () => readFileSync('/proc/thread-self/stat', 'latin1');
       const ticks = () => { const f = stat().slice(stat().lastIndexOf(')') + 2).split(' '); return Number(f[11]) + Number(f[12]); };
       parentPort.postMessage(Number(stat().split(' ', 1)[0]));
       parentPort.once('message', () => {
         Atomics.store(workerData, 1, ticks());
         const taken = ticks(); while (ticks() - taken < 30);
         parentPort.postMessage('done');
       });`,
      { eval: true, workerData: signal },
    );
    try {
      const tid = await new Promise<number>((resolve) => worker.once('message', resolve));
      expect(tid).not.toBe(process.pid);
      const spent = callCpuMs(tid, signal);
      expect(spent()).toBe(0);
      const done = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage('go');
      await done;
      expect(spent()).toBeGreaterThanOrEqual(300);
      expect(spent()).toBeLessThan(2_000);
    } finally {
      await worker.terminate();
    }
    expect(callCpuMs(2 ** 30, Int32Array.of(0, 0))()).toBeUndefined();
  });
});
