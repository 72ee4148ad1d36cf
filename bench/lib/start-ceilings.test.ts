import { describe, expect, it } from 'vitest';
import { ceilingCell, ceilingVerdict, under, withinTwiceBoot } from './start-ceilings.ts';

describe("the first answer's ceilings", () => {
  it('holds 250 ms and twice the boot apart: a median under 250 ms but over twice the boot misses', () => {
    // Node 22 on 2026-11-30: node booted in 47 ms, the CLI answered in 177.
    const ceilings = [under(177, 250), withinTwiceBoot(177, 47)];
    expect(ceilings.map(ceilingCell)).toEqual(['< 250: within', '≤ 94 (2 × 47): OVER']);
    expect(ceilingVerdict([{ what: 'CLI, v22', medianMs: 177, ceilings }])).toBe(
      'Ceilings missed: CLI, v22: median 177 ms, ceiling ≤ 94 (2 × 47).',
    );
  });

  it('misses 250 ms even within twice a slow boot', () => {
    const ceilings = [under(326, 250), withinTwiceBoot(326, 209)];
    expect(ceilings.map((c) => c.met)).toEqual([false, true]);
    expect(ceilingVerdict([{ what: 'CLI, v20', medianMs: 326, ceilings }])).toBe(
      'Ceilings missed: CLI, v20: median 326 ms, ceiling < 250.',
    );
  });

  it('is met only when every ceiling of every row holds, twice the boot included at equality', () => {
    const rows = [
      { what: 'CLI', medianMs: 94, ceilings: [under(94, 250), withinTwiceBoot(94, 47)] },
      { what: 'startMock', medianMs: 40, ceilings: [under(40, 100)] },
    ];
    expect(ceilingVerdict(rows)).toBe('Ceilings met.');
    expect(ceilingCell(undefined)).toBe('');
  });
});
