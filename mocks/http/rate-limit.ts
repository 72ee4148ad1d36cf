import type { RequestHandler } from 'express';
import { sendError } from './errors.ts';

const WINDOW_MS = 60_000;
/** Above this many tracked clients, expired windows are swept so hostile traffic cannot grow memory. */
const SWEEP_ABOVE = 10_000;

interface Window {
  start: number;
  count: number;
}

/**
 * Fixed one-minute windows, as the hosted gateway: per API key when a valid key was sent
 * (whatever the client address), else per client IP. Both budgets are separate maps so a keyed
 * client never spends an anonymous one. Sends the gateway's headers on every answer.
 */
export function rateLimit(limits: { anonymous: number; keyed: number }, now: () => number): RequestHandler {
  const windows = { anonymous: new Map<string, Window>(), keyed: new Map<string, Window>() };
  const sweep = (map: Map<string, Window>, t: number): void => {
    if (map.size <= SWEEP_ABOVE) return;
    for (const [client, w] of map) if (t - w.start >= WINDOW_MS) map.delete(client);
  };
  return (req, res, next) => {
    const key = res.locals.apiKey as string | undefined;
    const kind = key === undefined ? 'anonymous' : 'keyed';
    const limit = limits[kind];
    if (limit === 0) return next();
    const client = key ?? req.ip ?? 'unknown';
    const t = now();
    const map = windows[kind];
    sweep(map, t);
    let w = map.get(client);
    if (!w || t - w.start >= WINDOW_MS) {
      w = { start: t, count: 0 };
      map.set(client, w);
    }
    w.count += 1;
    const remaining = Math.max(0, limit - w.count);
    const reset = Math.max(1, Math.ceil((w.start + WINDOW_MS - t) / 1000));
    res.set({
      'ratelimit-limit': String(limit),
      'ratelimit-remaining': String(remaining),
      'ratelimit-reset': String(reset),
      'x-ratelimit-limit-stacks-minute': String(limit),
      'x-ratelimit-remaining-stacks-minute': String(remaining),
      'x-ratelimit-cost-stacks': '1',
    });
    if (w.count > limit) {
      res.set('retry-after', String(reset));
      return sendError(
        res,
        429,
        `API rate limit exceeded: ${limit} requests per minute ${key === undefined ? 'per client IP without a key' : 'per API key'}`,
      );
    }
    next();
  };
}
