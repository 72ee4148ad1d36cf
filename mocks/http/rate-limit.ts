const WINDOW_MS = 60_000;
/** Above this many tracked clients, expired windows are swept so hostile traffic cannot grow memory. */
const SWEEP_ABOVE = 10_000;

interface Window {
  start: number;
  count: number;
}

export type ClientKind = 'anonymous' | 'keyed';

/** One counted request: the gateway's headers (name, value, …) and whether it is over the limit. */
export interface RateDecision {
  headers: string[];
  refused: boolean;
  /** Seconds until the window resets. */
  reset: number;
}

/**
 * Fixed one-minute windows, as the hosted gateway: per API key when a valid key was sent
 * (whatever the client address), else per client IP. Both budgets are separate maps so a keyed
 * client never spends an anonymous one. The limits may change while the mock runs (`setRateLimits`).
 */
export class RateLimiter {
  private readonly windows = { anonymous: new Map<string, Window>(), keyed: new Map<string, Window>() };

  constructor(
    readonly limits: Record<ClientKind, number>,
    private readonly now: () => number,
  ) {}

  /** Changes the requests a minute allowed (0: unlimited); one line naming a value that is not a count. */
  setLimits(limits: Partial<Record<ClientKind, number>>): void {
    for (const kind of ['anonymous', 'keyed'] as const) {
      const value = limits[kind];
      if (value !== undefined && (!Number.isInteger(value) || value < 0))
        throw new Error(`${kind} must be a non-negative integer, not ${value}`);
    }
    for (const kind of ['anonymous', 'keyed'] as const) this.limits[kind] = limits[kind] ?? this.limits[kind];
  }

  /** Whether the next request of this client would be refused; counts nothing. */
  wouldRefuse(kind: ClientKind, client: string): boolean {
    const limit = this.limits[kind];
    if (limit === 0) return false;
    const w = this.windows[kind].get(client);
    return w !== undefined && this.now() - w.start < WINDOW_MS && w.count >= limit;
  }

  /** Counts one request; undefined when this kind of client is not limited (limit 0). */
  take(kind: ClientKind, client: string): RateDecision | undefined {
    const limit = this.limits[kind];
    if (limit === 0) return undefined;
    const t = this.now();
    const map = this.windows[kind];
    if (map.size > SWEEP_ABOVE) {
      for (const [c, old] of map) if (t - old.start >= WINDOW_MS) map.delete(c);
    }
    let w = map.get(client);
    if (!w || t - w.start >= WINDOW_MS) {
      w = { start: t, count: 0 };
      map.set(client, w);
    }
    w.count += 1;
    const remaining = String(Math.max(0, limit - w.count));
    const reset = Math.max(1, Math.ceil((w.start + WINDOW_MS - t) / 1000));
    const max = String(limit);
    return {
      headers: [
        'ratelimit-limit',
        max,
        'ratelimit-remaining',
        remaining,
        'ratelimit-reset',
        String(reset),
        'x-ratelimit-limit-stacks-minute',
        max,
        'x-ratelimit-remaining-stacks-minute',
        remaining,
        'x-ratelimit-cost-stacks',
        '1',
      ],
      refused: w.count > limit,
      reset,
    };
  }
}

/** The 429's message. */
export function rateLimitMessage(limiter: RateLimiter, kind: ClientKind): string {
  return `API rate limit exceeded: ${limiter.limits[kind]} requests per minute ${kind === 'anonymous' ? 'per client IP without a key' : 'per API key'}`;
}
