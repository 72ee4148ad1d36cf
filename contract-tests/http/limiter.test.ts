import { describe, expect, it } from 'vitest';
import { fakeClock } from './fake-clock.ts';
import { Limiter } from './limiter.ts';

describe('Limiter', () => {
  it('lets the documented number through per rolling minute, then waits for the oldest to leave the window', async () => {
    const clock = fakeClock();
    const limiter = new Limiter(2, clock);
    await limiter.acquire();
    await limiter.acquire();
    expect(clock.slept).toEqual([]);
    await limiter.acquire();
    expect(clock.slept).toEqual([Limiter.WINDOW_MS]);
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
    expect(clock.slept).toEqual([5_000]);
  });

  it('lets a request meant to exceed the limit through at once', async () => {
    const clock = fakeClock();
    const limiter = new Limiter(1, clock);
    await limiter.acquire();
    limiter.pauseUntil(clock.now() + 5_000);
    await limiter.acquire(true);
    expect(clock.slept).toEqual([]);
  });
});
