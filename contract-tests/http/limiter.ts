export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Requests per rolling minute, plus pauses the server asked for (`retry-after`, or a quota that
 * reports nothing left). The window is a second longer than a minute so a request that arrives a
 * little late never lands in the server's previous fixed window.
 */
export class Limiter {
  static readonly WINDOW_MS = 61_000;
  private readonly sent: number[] = [];
  private pausedUntil = 0;
  private queue: Promise<void> = Promise.resolve();
  /** Milliseconds spent waiting, for the summary. */
  waitedMs = 0;

  constructor(
    /** 0 = no per-minute limit (pauses the server asks for still apply). */
    readonly perMinute: number,
    private readonly clock: Clock = realClock,
  ) {}

  /** Waits for a free slot; `bypass` is for requests meant to exceed the server's limit. */
  acquire(bypass = false): Promise<void> {
    if (bypass) return Promise.resolve();
    // One waiter at a time, so concurrent callers cannot all see the same free slot.
    const turn = this.queue.then(() => this.waitForSlot());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  pauseUntil(time: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, time);
  }

  private async waitForSlot(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      while (this.sent.length > 0 && now - (this.sent[0] as number) >= Limiter.WINDOW_MS) this.sent.shift();
      let wait = Math.max(0, this.pausedUntil - now);
      if (this.perMinute > 0 && this.sent.length >= this.perMinute) {
        wait = Math.max(wait, (this.sent[0] as number) + Limiter.WINDOW_MS - now);
      }
      if (wait <= 0) break;
      this.waitedMs += wait;
      await this.clock.sleep(wait);
    }
    if (this.perMinute > 0) this.sent.push(this.clock.now());
  }
}
