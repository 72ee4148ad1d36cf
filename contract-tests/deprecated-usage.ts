import { readFileSync } from 'node:fs';
import { listOperations } from '../spec/load.ts';
import { DEFAULT_RELEASE, operationsOf, releaseProfile } from '../spec/releases/releases.ts';
import { isWrongMethod, operationRouterOf, splitTarget } from '../spec/request/routing.ts';

/** A file `--report-deprecated` cannot read: the one line that says why. */
export class TrafficError extends Error {}

/** One request of the app's recorded traffic. */
export interface RecordedCall {
  method: string;
  /** The request target: a path with its query, or a whole URL. */
  url: string;
}

export interface Traffic {
  calls: RecordedCall[];
  /** What the file was: a HAR recording, or the validation proxy's report. */
  source: 'HAR' | 'validation proxy report';
}

/** A deprecated operation the app called, how often, and what the release names in its place. */
export interface DeprecatedUse {
  operationId: string;
  route: string;
  calls: number;
  successors: string[];
}

/**
 * The requests in `file`: a HAR recording (`log.entries[].request`, what browsers' developer
 * tools and most HTTP recorders save), or the validation proxy's report (`--report FILE`: one
 * JSON finding a line; the findings of one exchange share its time, method and path).
 */
export function readTraffic(file: string): Traffic {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new TrafficError(
      `--report-deprecated: cannot read ${file} (${code === 'ENOENT' ? 'no such file' : (code ?? (err as Error).message)})`,
    );
  }
  const har = parseJson(text) as { log?: { entries?: unknown } } | undefined;
  if (har !== undefined) {
    const entries = har?.log?.entries;
    if (!Array.isArray(entries))
      throw new TrafficError(
        `--report-deprecated: ${file} is JSON but not a HAR recording (no log.entries) nor a validation proxy report (JSON lines)`,
      );
    return { source: 'HAR', calls: entries.map((e, i) => harCall(e, i, file)) };
  }
  return { source: 'validation proxy report', calls: proxyCalls(text, file) };
}

function harCall(entry: unknown, index: number, file: string): RecordedCall {
  const request = (entry as { request?: { method?: unknown; url?: unknown } } | null)?.request;
  if (typeof request?.method !== 'string' || typeof request.url !== 'string')
    throw new TrafficError(
      `--report-deprecated: ${file}: HAR entry ${index} has no request.method and request.url`,
    );
  return { method: request.method, url: request.url };
}

function proxyCalls(text: string, file: string): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const seen = new Set<string>();
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (lines.length === 0) throw new TrafficError(`--report-deprecated: ${file} is empty`);
  lines.forEach((line, i) => {
    const finding = parseJson(line) as { time?: unknown; method?: unknown; path?: unknown } | undefined;
    if (
      typeof finding?.method !== 'string' ||
      typeof finding.path !== 'string' ||
      typeof finding.time !== 'string'
    )
      throw new TrafficError(
        `--report-deprecated: ${file} line ${i + 1} is neither a HAR recording nor a validation proxy report line ({time, method, path, …})`,
      );
    const exchange = `${finding.time} ${finding.method} ${finding.path}`;
    if (seen.has(exchange)) return;
    seen.add(exchange);
    calls.push({ method: finding.method, url: finding.path });
  });
  return calls;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Which of the calls went to operations `version` deprecates, counted per operation, each with
 * the successor routes the spec's `x-replaced-by` names for that release; most called first.
 */
export function deprecatedUses(calls: readonly RecordedCall[], version: string): DeprecatedUse[] {
  const ops = operationsOf(listOperations(), releaseProfile(version).version);
  const route = operationRouterOf(ops);
  const counts = new Map<string, number>();
  for (const call of calls) {
    const found = route(call.method.toUpperCase(), pathOf(call.url));
    if (!found || isWrongMethod(found) || !found.route.deprecated) continue;
    counts.set(found.route.operationId, (counts.get(found.route.operationId) ?? 0) + 1);
  }
  return [...counts]
    .map(([operationId, calls]) => {
      const op = ops.find((o) => o.operationId === operationId)!;
      return {
        operationId,
        route: `${op.method.toUpperCase()} ${op.path}`,
        calls,
        successors: op.replacedBy?.routes ?? [],
      };
    })
    .sort((a, b) => b.calls - a.calls || a.operationId.localeCompare(b.operationId));
}

/** The path of a request target or of a whole URL (a HAR's), without its query. */
function pathOf(url: string): string {
  const target = /^[a-z][a-z0-9+.-]*:\/\//i.test(url)
    ? url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
    : url;
  return splitTarget(target || '/').pathname;
}

/** The report `--report-deprecated` prints. */
export function deprecatedReport(file: string, version: string): string {
  const profile = releaseProfile(version);
  const traffic = readTraffic(file);
  const uses = deprecatedUses(traffic.calls, profile.version);
  const head = `${file} (${traffic.source}, ${traffic.calls.length} requests), as release ${profile.version}:`;
  const caveat =
    traffic.source === 'validation proxy report'
      ? [
          '  (the proxy reports only exchanges with findings: conforming calls are not in it; a HAR has every call)',
        ]
      : [];
  if (uses.length === 0) return [head, '  no deprecated operation called', ...caveat].join('\n');
  const lines = uses.flatMap((u) => [
    `  ${u.operationId} (${u.route}): ${u.calls} call${u.calls === 1 ? '' : 's'}`,
    ...(u.successors.length ? u.successors.map((s) => `    successor: ${s}`) : ['    successor: none named']),
  ]);
  const total = uses.reduce((n, u) => n + u.calls, 0);
  return [
    head,
    `  ${uses.length} deprecated operation${uses.length === 1 ? '' : 's'} called, ${total} call${total === 1 ? '' : 's'}:`,
    ...lines,
    ...caveat,
    '  (docs/migration.md maps each field to its successor)',
  ].join('\n');
}

/**
 * `--report-deprecated FILE` (with `--release`): the report and exit code 0, or the one line
 * naming what is wrong with the file or the release and code 2. It needs no target.
 */
export function reportDeprecatedCommand(settings: Record<string, string>): { code: number; text: string } {
  const file = settings.CONTRACT_REPORT_DEPRECATED as string;
  try {
    releaseProfile(settings.CONTRACT_RELEASE);
  } catch (err) {
    return { code: 2, text: `--release: ${(err as Error).message}` };
  }
  try {
    return { code: 0, text: deprecatedReport(file, settings.CONTRACT_RELEASE ?? DEFAULT_RELEASE) };
  } catch (err) {
    if (err instanceof TrafficError) return { code: 2, text: err.message };
    throw err;
  }
}
