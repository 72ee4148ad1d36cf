import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../testing/http/fake-clock.ts';
import { Limiter } from './limiter.ts';

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

describe('Limiter', () => {
  it('lets the documented number through per rolling minute, then waits for the oldest to leave the window', async () => {
    const clock = fakeClock();
    const limiter = new Limiter(2, clock);
    await limiter.acquire();
    await limiter.acquire();
    expect(clock.slept).toEqual([]);
    await limiter.acquire();
    expect(sum(clock.slept)).toBe(Limiter.WINDOW_MS);
  });

  it('serialises concurrent callers: never more than the limit in one window', async () => {
    const clock = fakeClock();
    const limiter = new Limiter(3, clock);
    const started: number[] = [];
    await Promise.all(
      Array.from({ length: 7 }, () => limiter.acquire().then(() => started.push(clock.now()))),
    );
    for (const t of started)
      expect(started.filter((u) => u >= t && u < t + Limiter.WINDOW_MS).length).toBeLessThanOrEqual(3);
  });

  it('holds every request until a pause the server asked for has passed', async () => {
    const clock = fakeClock();
    const limiter = new Limiter(0, clock);
    limiter.pauseUntil(clock.now() + 5_000);
    await limiter.acquire();
    expect(sum(clock.slept)).toBe(5_000);
  });

  it('lets a request meant to exceed the limit through at once', async () => {
    const clock = fakeClock();
    const limiter = new Limiter(1, clock);
    await limiter.acquire();
    limiter.pauseUntil(clock.now() + 5_000);
    await limiter.acquire(true);
    expect(clock.slept).toEqual([]);
  });

  it('says how long is left, and whose limit it is, every 10 s of a long wait', async () => {
    const clock = fakeClock();
    const heard: string[] = [];
    const limiter = new Limiter(1, clock, (left, why) => heard.push(`${left / 1000} s: ${why}`));
    await limiter.acquire();
    await limiter.acquire();
    expect(heard).toEqual([61, 51, 41, 31, 21, 11].map((s) => `${s} s: the client limiter, 1 a minute`));
    heard.length = 0;
    limiter.pauseUntil(clock.now() + 65_000);
    await limiter.acquire();
    expect(heard[0]).toBe('65 s: the target said its quota is spent: retry-after, or ratelimit-reset');
  });

  it('stays quiet through a short wait', async () => {
    const clock = fakeClock();
    const heard: number[] = [];
    const limiter = new Limiter(0, clock, (left) => heard.push(left));
    limiter.pauseUntil(clock.now() + 1_500);
    await limiter.acquire();
    expect(heard).toEqual([]);
  });
});
