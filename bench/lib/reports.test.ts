import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load.ts';
import { markdownTable } from './markdown.ts';
import {
  medianTurn,
  missedTargets,
  ratio,
  throughputTable,
  turnShares,
  type BenchRoute,
  type Measurement,
} from './throughput-report.ts';
import { blocksFor, mainnetVerdict, median } from './world-scaling-report.ts';

function result(requestsPerSecond: number, p99: number, failures: Partial<LoadResult> = {}): LoadResult {
  return {
    requestsPerSecond,
    p50: p99 / 2,
    p99,
    errors: 0,
    non2xx: 0,
    ...failures,
  };
}
const status: BenchRoute = { name: '/extended', path: '/extended', targeted: true };
const info: BenchRoute = { name: 'latest block', path: '/extended/v2/blocks/latest', targeted: false };

describe('the throughput report', () => {
  it('divides the mock’s requests per second by the ceiling’s and by Prism’s, per route', () => {
    const ms: Measurement[] = [
      { route: status, server: 'mock', result: result(9_000, 10) },
      { route: status, server: 'ceiling', result: result(10_000, 8) },
      { route: status, server: 'prism', result: result(1_000, 80) },
    ];
    expect(ratio(ms, status)).toBe(9);
    expect(ratio(ms, status, 'ceiling')).toBe(0.9);
    expect(throughputTable(ms)).toMatch(/\| \/extended \|\s+mock \|\s+9,000 \|.*\|\s+90% \|\s+9\.0× \|/);
  });

  it('passes when both targets hold on every targeted route, whatever the others do', () => {
    const ms: Measurement[] = [
      { route: status, server: 'mock', result: result(3_000, 19.9) },
      { route: status, server: 'ceiling', result: result(3_750, 10) },
      { route: status, server: 'prism', result: result(1_000, 80) },
      { route: info, server: 'mock', result: result(100, 500) },
      { route: info, server: 'prism', result: result(1_000, 80) },
    ];
    expect(missedTargets(ms)).toEqual([]);
  });

  it('names the route and the figure of each missed target', () => {
    const ms: Measurement[] = [
      { route: status, server: 'mock', result: result(2_000, 25) },
      { route: status, server: 'ceiling', result: result(4_000, 10) },
      { route: status, server: 'prism', result: result(1_000, 80) },
    ];
    expect(missedTargets(ms)).toEqual([
      "/extended: mock 2,000 req/s is 50% of the ceiling's 4,000, target ≥ 80%",
      "/extended: mock 2,000 req/s is 2.00× Prism's 1,000, target ≥ 3×",
      '/extended: mock p99 25.0 ms, target < 20 ms',
    ]);
  });

  it('reports the turn of median share, so one turn the host slowed neither sinks nor lifts the verdict', () => {
    const turns = {
      route: status,
      turns: [
        { mock: result(9_000, 10), ceiling: result(18_000, 8) },
        { mock: result(8_000, 10), ceiling: result(10_000, 8) },
        { mock: result(20_000, 10), ceiling: result(21_000, 8) },
      ],
    };
    const rows = medianTurn(turns);
    expect(rows.map((m) => [m.server, m.result.requestsPerSecond])).toEqual([
      ['mock', 8_000],
      ['ceiling', 10_000],
    ]);
    expect(ratio(rows, status, 'ceiling')).toBe(0.8);
    expect(turnShares(turns)).toBe('50%, 80%, 95%');
  });

  it('refuses a run with failed requests, or a route not measured on every server', () => {
    const failed: Measurement[] = [
      { route: status, server: 'mock', result: result(9_000, 10, { non2xx: 3 }) },
      { route: status, server: 'ceiling', result: result(10_000, 8) },
      { route: status, server: 'prism', result: result(1_000, 80) },
    ];
    expect(missedTargets(failed)).toEqual(['/extended: mock had 0 errors and 3 non-2xx answers']);
    expect(missedTargets(failed.slice(0, 1))).toEqual(['/extended: not measured on ceiling and Prism']);
  });
});

describe('the world-scaling report', () => {
  it('scales blocks from the measured transactions per block, never below the world’s minimum', () => {
    expect(blocksFor(100_000, { blocks: 20_000, transactions: 140_000 })).toBe(14_286);
    expect(blocksFor(10, { blocks: 20_000, transactions: 140_000 })).toBe(60);
  });

  it('sets the mainnet-sized world beside its start-time and memory targets', () => {
    const memory = { rssMb: 1_200, heapUsedMb: 100, externalMb: 900 };
    const verdict = mainnetVerdict({
      targetTransactions: 10_000_000,
      world: { mode: 'world', blocks: 1, transactions: 9_990_000, createWorldMs: 15_000, memory },
      server: {
        mode: 'server',
        blocks: 1,
        startToFirstResponseMs: 19_000,
        processToFirstResponseMs: 20_000,
        memory,
        peakRssMb: 1_500,
      },
    });
    expect(verdict).toBe(
      'Mainnet-sized world (9,990,000 transactions): start → first answer 19,000 ms, target < 20,000 ms (met); RSS 1,200 MB, target < 1,024 MB (missed); peak RSS while starting 1,500 MB.',
    );
  });

  it('takes the median run', () => {
    expect(median([{ t: 5 }, { t: 1 }, { t: 3 }], (r) => r.t)).toEqual({ t: 3 });
  });
});

describe('bench helpers', () => {
  it('lays out a markdown table with figures right-aligned', () => {
    expect(
      markdownTable(
        ['route', 'req/s'],
        [
          ['/a', '12'],
          ['/bb', '3'],
        ],
      ),
    ).toBe(['| route | req/s |', '|-------|------:|', '| /a    |    12 |', '| /bb   |     3 |'].join('\n'));
  });
});
