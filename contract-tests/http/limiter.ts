export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** What a long wait for quota says while it lasts: how long is left, and whose limit it is. */
export type WaitProgress = (leftMs: number, why: string) => void;

/** A wait at least this long says so, and again every PROGRESS_EVERY_MS while it lasts. */
const PROGRESS_AFTER_MS = 2_000;
const PROGRESS_EVERY_MS = 10_000;

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
    private readonly progress: WaitProgress = () => undefined,
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
      const paused = Math.max(0, this.pausedUntil - now);
      const full =
        this.perMinute > 0 && this.sent.length >= this.perMinute
          ? (this.sent[0] as number) + Limiter.WINDOW_MS - now
          : 0;
      const wait = Math.max(paused, full);
      if (wait <= 0) break;
      if (wait >= PROGRESS_AFTER_MS)
        this.progress(
          wait,
          full >= paused
            ? `the client limiter, ${this.perMinute} a minute`
            : 'the target said its quota is spent: retry-after, or ratelimit-reset',
        );
      // In steps, so that a long wait is heard from while it lasts.
      const step = Math.min(wait, PROGRESS_EVERY_MS);
      this.waitedMs += step;
      await this.clock.sleep(step);
    }
    if (this.perMinute > 0) this.sent.push(this.clock.now());
  }
}
