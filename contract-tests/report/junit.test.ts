import { describe, expect, it } from 'vitest';
import { renderJUnit } from './junit.ts';

describe('renderJUnit', () => {
  it('writes failures, skips with reasons and known deviations, escaped', () => {
    const xml = renderJUnit(
      [
        {
          id: 'a',
          file: 'ops.ts',
          name: 'get_block > 200 OK > latest',
          state: 'failed',
          message: 'get_block: GET /x?a=1&b=<2>\n  more',
          startTime: 0,
          durationMs: 12,
        },
        {
          id: 'b',
          file: 'ops.ts',
          name: 'get_block > 404',
          state: 'skipped',
          message: 'needs a "coherent" world',
          startTime: 0,
          durationMs: 0,
        },
        { id: 'c', file: 'ops.ts', name: 'get_block > 400', state: 'passed', startTime: 0, durationMs: 1 },
      ],
      [
        {
          kind: 'verdict',
          test: { id: 'c', name: 'x', file: 'ops.ts' },
          operationId: 'get_block',
          url: '/y',
          expectedStatus: 400,
          actualStatus: 500,
          outcome: 'known',
          problems: [{ where: 'status', expected: '400', actual: '500', deviation: 'neg-500' }],
        },
      ],
    );
    expect(xml).toContain('<testsuite name="ops.ts" tests="3" failures="1" errors="0" skipped="1"');
    expect(xml).toContain('message="get_block: GET /x?a=1&amp;b=&lt;2&gt;"');
    expect(xml).toContain('<skipped message="needs a &quot;coherent&quot; world"/>');
    expect(xml).toContain('<system-out>known deviation neg-500');
  });
});
