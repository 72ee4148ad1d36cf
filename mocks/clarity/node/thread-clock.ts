// The engine's thread's CPU time, which holds a call that runs someone's Clarity to its budget
// where the system tells it (Linux's /proc). Counted in wall-clock time, the budget measured the
// machine: on 2 cores shared with other work (load 13), a call of 18,000 hashes that takes about a
// second alone waited past its 5 s and was refused as too expensive, where a node mines it.
import { openSync, readFileSync, readSync } from 'node:fs';

/** The slots of the signal the mock's thread and the engine's share (engine-crossing.ts). */
export const SIGNAL_SLOTS = 3;
/** Set to 1 by the engine's thread once a call's answer is on the port. */
export const ANSWERED = 0;
/** The engine's thread's CPU time, in ticks, as it took the call on the port. */
export const TAKEN_AT = 1;
/** The size of the session's memory in 64 KiB pages, as the engine's thread answered its last call. */
export const MEMORY_PAGES = 2;
/** In `TAKEN_AT` from a call's post until the engine's thread takes it. */
export const NOT_TAKEN = -1;

/** proc(5)'s clock tick: USER_HZ, 100 on every architecture Node runs on. */
const TICK_MS = 10;

/** utime + stime of a thread's `stat` file (its 14th and 15th fields), in ticks. */
function ticksOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** The calling thread's id in the system (gettid(2)); undefined where there is no /proc. */
export function ownThreadId(): number | undefined {
  try {
    return Number(readFileSync('/proc/thread-self/stat', 'latin1').split(' ', 1)[0]);
  } catch {
    return undefined;
  }
}

/**
 * A reader of the calling thread's CPU time in ticks, from its `stat` file kept open: a read
 * costs about 15 µs where opening it again each time cost 100. Undefined where there is no /proc.
 */
export function ownTicks(): (() => number) | undefined {
  let fd: number;
  try {
    fd = openSync('/proc/thread-self/stat', 'r');
  } catch {
    return undefined;
  }
  const buffer = Buffer.alloc(1024);
  return () => ticksOf(buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0)));
}

/**
 * The CPU time, in ms, that thread `tid` of this process has spent on the call it took last
 * (`TAKEN_AT` of `signal`): 0 while it has not taken the call posted, undefined once the thread
 * is gone.
 */
export function callCpuMs(tid: number, signal: Int32Array): () => number | undefined {
  const stat = `/proc/self/task/${tid}/stat`;
  return () => {
    const taken = Atomics.load(signal, TAKEN_AT);
    if (taken === NOT_TAKEN) return 0;
    try {
      return (ticksOf(readFileSync(stat, 'latin1')) - taken) * TICK_MS;
    } catch {
      return undefined;
    }
  };
}
