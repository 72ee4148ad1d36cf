import type { Clock } from '../../contract-tests/http/limiter.ts';

/** A clock whose sleeps return at once and move time on, so waits can be measured without waiting. */
export function fakeClock(start = 1_000_000): Clock & { slept: number[] } {
  let time = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => time,
    sleep: async (ms) => {
      slept.push(ms);
      time += ms;
    },
  };
}
