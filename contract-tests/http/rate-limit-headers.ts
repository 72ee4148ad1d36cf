/** `retry-after` as seconds or an HTTP date, in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * When the gateway says the quota is spent (`ratelimit-remaining: 0`), the milliseconds until it
 * resets (`ratelimit-reset`, seconds); undefined while there is quota left.
 */
export function quotaResetMs(headers: Record<string, string>): number | undefined {
  const remaining = headers['ratelimit-remaining'] ?? headers['x-ratelimit-remaining-stacks-minute'];
  if (remaining === undefined || remaining.trim() !== '0') return undefined;
  const reset = headers['ratelimit-reset'];
  return reset !== undefined && /^\d+$/.test(reset.trim()) ? Number(reset.trim()) * 1000 : 60_000;
}
