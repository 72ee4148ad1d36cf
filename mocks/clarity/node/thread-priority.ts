import { setPriority } from 'node:os';

/** The nice value the engine's thread takes in the background: it runs when the mock's threads wait. */
const BACKGROUND_NICE = 10;

/**
 * Lowers the calling thread's priority, where that can be done for one thread alone: on Linux a
 * nice value belongs to a thread, and setpriority(2) with pid 0 names the calling one. Elsewhere
 * the same call lowers the whole process, the mock's own thread with it, so the thread keeps its
 * priority there. A system that refuses it (a sandbox's seccomp filter) leaves it too: the engine
 * then runs as before, at the mock's priority.
 */
export function yieldToOtherThreads(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(0, BACKGROUND_NICE);
  } catch {
    return;
  }
}
