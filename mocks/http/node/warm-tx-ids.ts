// Node's own timers, not the globals: a test's fake clock (vi.useFakeTimers fakes the global
// functions) would count the warmer's and hold them, and a test that drives the mock's clock by
// its timers would wait on the wrong one.
import { clearImmediate, clearTimeout, setImmediate, setTimeout } from 'node:timers';
import type { Chain } from '../../world/tables/chain.ts';

/** Work done between two turns of the event loop: a request waits at most about this long. */
const SLICE_MS = 8;
/** How often a warmer that is done looks for rows appended since (a living chain's blocks). */
const RECHECK_MS = 2000;

/**
 * Computes the ids of the chain's transactions (their first words, what the id index sorts by)
 * in slices between requests, from shortly after the server's start: a world hashes none of its rows before
 * its first answer, and the first `tx/{id}` finds most of them hashed. A lookup that comes first
 * does not wait for this: the index hashes what is left itself (the same answer, later). Rows a
 * reorg replaced behind the warmer are hashed when the index takes them in.
 */
export class TxIdWarmer {
  private chain: Chain | undefined;
  private next = 0;
  private timer: NodeJS.Immediate | NodeJS.Timeout | undefined;
  private stopped = false;
  private finished: (() => void) | undefined;

  constructor(private readonly chainOf: () => Chain) {}

  /**
   * Starts warming, after `delayMs` (a server's first answers go first: its slices would hold
   * them); resolves once every row there is then has its id's first word.
   */
  start(delayMs = 0): Promise<void> {
    const done = new Promise<void>((resolve) => (this.finished = resolve));
    this.schedule(delayMs);
    return done;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer as NodeJS.Timeout);
    if (this.timer) clearImmediate(this.timer as NodeJS.Immediate);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    // An unreferenced immediate would not keep the loop from sleeping in its poll: only the wait is.
    if (delay === 0) this.timer = setImmediate(() => this.slice());
    else this.timer = setTimeout(() => this.slice(), delay).unref();
  }

  private slice(): void {
    const chain = this.chainOf();
    if (chain !== this.chain) {
      this.chain = chain;
      this.next = 0;
    }
    const txs = chain.txs;
    this.next = Math.min(this.next, txs.count);
    const until = performance.now() + SLICE_MS;
    while (this.next < txs.count) {
      // Checking the clock costs more than a row's first word already known.
      for (const end = Math.min(txs.count, this.next + 16); this.next < end; this.next++)
        if (txs.idPending(this.next)) txs.idWord(this.next, 0);
      if (performance.now() >= until) break;
    }
    if (this.next < txs.count) return this.schedule(0);
    this.finished?.();
    this.finished = undefined;
    this.schedule(RECHECK_MS);
  }
}
