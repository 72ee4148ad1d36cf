import { describe, expect, it } from 'vitest';
import { soakFigures, soakProblems, type SoakSample } from './lib/soak-verdict.ts';

const MiB = 2 ** 20;
/** Samples every 5 s for 3 minutes; `rss` and `fds` as functions of time. */
function run(rss: (t: number) => number, fds: (t: number) => number = () => 60): SoakSample[] {
  return Array.from({ length: 37 }, (_, i) => ({
    t: i * 5,
    rss: rss(i * 5),
    fds: fds(i * 5),
    requests: i * 1000,
    tip: 600 + i * 5,
  }));
}
const clean = { statuses: { '200': 9_000, '404': 1_000 }, errors: 0 };
const WARMUP = 30;
/** The samples' tip moves a block a second, as `SOAK_BLOCK_TIME=1` mines. */
const BLOCK_TIME = 1;

describe('the soak verdict', () => {
  it('passes a run whose memory rises during warm-up and then stays flat, GC noise included', () => {
    const samples = run((t) => (t < WARMUP ? 80 + t : 110 + (t % 10 === 0 ? 6 : 0)) * MiB);
    const figures = soakFigures(samples, WARMUP);
    expect(figures).toMatchObject({ rssStart: 80 * MiB, fdsStart: 60, fdsEnd: 60 });
    expect(soakProblems(figures, clean, BLOCK_TIME)).toEqual([]);
  });

  it('fails a run whose memory keeps climbing after warm-up', () => {
    const figures = soakFigures(
      run((t) => (100 + t / 5) * MiB),
      WARMUP,
    );
    expect(soakProblems(figures, clean, BLOCK_TIME)).toEqual([
      expect.stringMatching(/^RSS grew 2\d\.\d MiB after warm-up/),
    ]);
  });

  it('fails a run that leaks file descriptors', () => {
    const figures = soakFigures(
      run(
        () => 100 * MiB,
        (t) => 60 + Math.floor(t / 60),
      ),
      WARMUP,
    );
    expect(soakProblems(figures, clean, BLOCK_TIME)).toEqual([
      expect.stringMatching(/^open file descriptors grew by 2/),
    ]);
  });

  it('fails on any answer but 200 and 404, and on connection errors', () => {
    const figures = soakFigures(
      run(() => 100 * MiB),
      WARMUP,
    );
    expect(
      soakProblems(figures, { statuses: { '200': 10, '404': 1, '500': 2, '429': 1 }, errors: 3 }, BLOCK_TIME),
    ).toEqual([
      'status 429 answered 1 times',
      'status 500 answered 2 times',
      '3 connection errors or timeouts',
    ]);
  });

  it('counts the blocks mined, and fails a clocked run whose chain never moved', () => {
    const moving = soakFigures(
      run(() => 100 * MiB),
      WARMUP,
    );
    expect(moving.blocksMined).toBe(180);
    const frozen = soakFigures(
      run(() => 100 * MiB).map((s) => ({ ...s, tip: 600 })),
      WARMUP,
    );
    expect(soakProblems(frozen, clean, BLOCK_TIME)).toEqual([
      'the chain did not move: 0 blocks mined with a block every 1 s',
    ]);
    expect(soakProblems(frozen, clean, 0)).toEqual([]);
  });

  it('refuses to judge a run too short to have a middle and an end after warm-up', () => {
    expect(() => soakFigures(run(() => MiB).slice(0, 8), WARMUP)).toThrow(/after its 30 s warm-up/);
  });
});
