import type { LoadResult } from './load.ts';
import { int, markdownTable } from './markdown.ts';

export type Server = 'mock' | 'prism';

export interface BenchRoute {
  /** Short name for the table. */
  name: string;
  /** Path and query, the same for both servers. */
  path: string;
  /** Whether the issue's targets apply to this route (the others are for information). */
  targeted: boolean;
}

export interface Measurement {
  route: BenchRoute;
  server: Server;
  result: LoadResult;
}

export interface Targets {
  /** Mock req/s over Prism's, at least. */
  minRatio: number;
  /** Mock p99 below this many milliseconds. */
  maxP99Ms: number;
}

export const TARGETS: Targets = { minRatio: 3, maxP99Ms: 20 };

function find(ms: Measurement[], route: BenchRoute, server: Server): LoadResult | undefined {
  return ms.find((m) => m.route.name === route.name && m.server === server)?.result;
}

/** Mock req/s over Prism's on the route; undefined when either was not measured or Prism served nothing. */
export function ratio(ms: Measurement[], route: BenchRoute): number | undefined {
  const mock = find(ms, route, 'mock');
  const prism = find(ms, route, 'prism');
  if (!mock || !prism || prism.requestsPerSecond <= 0) return undefined;
  return mock.requestsPerSecond / prism.requestsPerSecond;
}

function ms1(n: number): string {
  return n.toFixed(1);
}

export function throughputTable(ms: Measurement[]): string {
  const rows = ms.map(({ route, server, result }) => {
    const r = server === 'mock' ? ratio(ms, route) : undefined;
    return [
      route.name,
      server === 'mock' ? 'mock' : 'Prism',
      int(result.requestsPerSecond),
      ms1(result.p50),
      ms1(result.p99),
      `${result.errors} / ${result.non2xx}`,
      r === undefined ? '' : `${r.toFixed(1)}×`,
    ];
  });
  return markdownTable(
    ['route', 'server', 'req/s', 'p50 ms', 'p99 ms', 'errors / non-2xx', 'mock ÷ Prism'],
    rows,
  );
}

/** One line per missed target, naming the route and the figure; empty when all are met. */
export function missedTargets(ms: Measurement[], targets: Targets = TARGETS): string[] {
  const missed: string[] = [];
  const routes = [...new Map(ms.map((m) => [m.route.name, m.route])).values()].filter((r) => r.targeted);
  for (const route of routes) {
    const mock = find(ms, route, 'mock');
    const prism = find(ms, route, 'prism');
    if (!mock || !prism) {
      missed.push(`${route.name}: not measured on both servers`);
      continue;
    }
    // Failed requests are cheap, so a run with any is no measure of serving the route.
    for (const [server, r] of [
      ['mock', mock],
      ['Prism', prism],
    ] as const) {
      if (r.errors > 0 || r.non2xx > 0)
        missed.push(`${route.name}: ${server} had ${r.errors} errors and ${r.non2xx} non-2xx answers`);
    }
    const r = ratio(ms, route);
    if (r === undefined || r < targets.minRatio) {
      missed.push(
        `${route.name}: mock ${int(mock.requestsPerSecond)} req/s is ${r === undefined ? 'not comparable' : `${r.toFixed(2)}×`} Prism's ${int(prism.requestsPerSecond)}, target ≥ ${targets.minRatio}×`,
      );
    }
    if (!(mock.p99 < targets.maxP99Ms))
      missed.push(`${route.name}: mock p99 ${ms1(mock.p99)} ms, target < ${targets.maxP99Ms} ms`);
  }
  return missed;
}
