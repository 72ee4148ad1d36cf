/** What bench/world-scaling-child.ts measures, as JSON between the processes. */

export interface MemoryAfterGc {
  rssMb: number;
  heapUsedMb: number;
  /** Memory outside the JS heap, mostly the world's typed-array tables. */
  externalMb: number;
}

export interface WorldRun {
  mode: 'world';
  blocks: number;
  /** Transactions in anchored blocks, summed from the world's own blocks. */
  transactions: number;
  createWorldMs: number;
  memory: MemoryAfterGc;
}

export interface ServerRun {
  mode: 'server';
  blocks: number;
  /** From startMockServer() to the first /extended answer, the world's catalogue built on the way (the CLI's banner reads it). */
  startToFirstResponseMs: number;
  /** From this process's start (node, loader and module loading included) to the same answer. */
  processToFirstResponseMs: number;
  memory: MemoryAfterGc;
  /** The most this process held in memory at once (Linux's maxrss), start-up's transient arrays included. */
  peakRssMb: number;
}
