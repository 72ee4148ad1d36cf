import type { LoadResult } from './load.ts';
import { int, markdownTable } from './markdown.ts';

/** The mock; the bare `node:http` server writing the mock's bytes (the physical ceiling); Prism. */
export type Server = 'mock' | 'ceiling' | 'prism';

export interface BenchRoute {
  /** Short name for the table. */
  name: string;
  /** Path and query, the same for every server. */
  path: string;
  /** Whether the issue's targets apply to this route (the others are for information). */
  targeted: boolean;
}

export interface Measurement {
  route: BenchRoute;
  server: Server;
  result: LoadResult;
}

/** The mock then the ceiling, measured back to back on one route. */
export interface Turn {
  mock: LoadResult;
  ceiling: LoadResult;
}

export interface Turns {
  route: BenchRoute;
  turns: Turn[];
}

function share(turn: Turn): number {
  return turn.ceiling.requestsPerSecond > 0
    ? turn.mock.requestsPerSecond / turn.ceiling.requestsPerSecond
    : 0;
}

/** The turn of median mock ÷ ceiling share (the lower middle of an even count), as the report's two rows. */
export function medianTurn({ route, turns }: Turns): Measurement[] {
  const sorted = [...turns].sort((a, b) => share(a) - share(b));
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) return [];
  return [
    { route, server: 'mock', result: middle.mock },
    { route, server: 'ceiling', result: middle.ceiling },
  ];
}

/** Each turn's share, in the order measured: how far the turns spread. */
export function turnShares({ turns }: Turns): string {
  return turns.map((t) => percent(share(t))).join(', ');
}

export interface Targets {
  /** Mock req/s over Prism's, at least. */
  minRatio: number;
  /** Mock req/s over the ceiling's measured in the same run, at least. */
  minCeilingShare: number;
  /** Mock p99 below this many milliseconds. */
  maxP99Ms: number;
}

export const TARGETS: Targets = { minRatio: 3, minCeilingShare: 0.8, maxP99Ms: 20 };

const LABEL: Record<Server, string> = { mock: 'mock', ceiling: 'ceiling', prism: 'Prism' };

function find(ms: Measurement[], route: BenchRoute, server: Server): LoadResult | undefined {
  return ms.find((m) => m.route.name === route.name && m.server === server)?.result;
}

/** Mock req/s over the other server's on the route; undefined when either was not measured or the other served nothing. */
export function ratio(
  ms: Measurement[],
  route: BenchRoute,
  over: Exclude<Server, 'mock'> = 'prism',
): number | undefined {
  const mock = find(ms, route, 'mock');
  const other = find(ms, route, over);
  if (!mock || !other || other.requestsPerSecond <= 0) return undefined;
  return mock.requestsPerSecond / other.requestsPerSecond;
}

function ms1(n: number): string {
  return n.toFixed(1);
}

function percent(r: number | undefined): string {
  return r === undefined ? '' : `${Math.round(r * 100)}%`;
}

export function throughputTable(ms: Measurement[]): string {
  const rows = ms.map(({ route, server, result }) => {
    const mock = server === 'mock';
    const prism = mock ? ratio(ms, route, 'prism') : undefined;
    return [
      route.name,
      LABEL[server],
      int(result.requestsPerSecond),
      ms1(result.p50),
      ms1(result.p99),
      `${result.errors} / ${result.non2xx}`,
      mock ? percent(ratio(ms, route, 'ceiling')) : '',
      prism === undefined ? '' : `${prism.toFixed(1)}×`,
    ];
  });
  return markdownTable(
    ['route', 'server', 'req/s', 'p50 ms', 'p99 ms', 'errors / non-2xx', 'mock ÷ ceiling', 'mock ÷ Prism'],
    rows,
  );
}

/** One line per missed target, naming the route and the figure; empty when all are met. */
export function missedTargets(ms: Measurement[], targets: Targets = TARGETS): string[] {
  const missed: string[] = [];
  const routes = [...new Map(ms.map((m) => [m.route.name, m.route])).values()].filter((r) => r.targeted);
  for (const route of routes) {
    const measured = (['mock', 'ceiling', 'prism'] as const).map((s) => [s, find(ms, route, s)] as const);
    const absent = measured.filter(([, r]) => !r).map(([s]) => LABEL[s]);
    if (absent.length) {
      missed.push(`${route.name}: not measured on ${absent.join(' and ')}`);
      continue;
    }
    // Failed requests are cheap, so a run with any is no measure of serving the route.
    for (const [server, r] of measured) {
      if (r && (r.errors > 0 || r.non2xx > 0))
        missed.push(`${route.name}: ${LABEL[server]} had ${r.errors} errors and ${r.non2xx} non-2xx answers`);
    }
    const mock = find(ms, route, 'mock') as LoadResult;
    const ceiling = find(ms, route, 'ceiling') as LoadResult;
    const prism = find(ms, route, 'prism') as LoadResult;
    const share = ratio(ms, route, 'ceiling');
    if (share === undefined || share < targets.minCeilingShare) {
      missed.push(
        `${route.name}: mock ${int(mock.requestsPerSecond)} req/s is ${share === undefined ? 'not comparable' : percent(share)} of the ceiling's ${int(ceiling.requestsPerSecond)}, target ≥ ${percent(targets.minCeilingShare)}`,
      );
    }
    const r = ratio(ms, route, 'prism');
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
