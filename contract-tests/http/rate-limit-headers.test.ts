import { describe, expect, it } from 'vitest';
import { quotaResetMs, retryAfterMs } from './rate-limit-headers.ts';

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('30', 0)).toBe(30_000);
    expect(retryAfterMs(new Date(90_000).toUTCString(), 30_000)).toBe(60_000);
    expect(retryAfterMs('soon', 0)).toBeUndefined();
    expect(retryAfterMs(undefined, 0)).toBeUndefined();
  });
});

describe('quotaResetMs', () => {
  it('is the reset time once the quota is spent, and undefined while some is left', () => {
    expect(quotaResetMs({ 'ratelimit-remaining': '0', 'ratelimit-reset': '12' })).toBe(12_000);
    expect(quotaResetMs({ 'ratelimit-remaining': '3', 'ratelimit-reset': '12' })).toBeUndefined();
    expect(quotaResetMs({})).toBeUndefined();
  });
});
