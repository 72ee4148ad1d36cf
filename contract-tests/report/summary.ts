import type { KnownDeviation } from '../targets/target-file.ts';
import { groupFailures } from './failure-causes.ts';
import type {
  DiscoveryRecord,
  ExchangeRecord,
  ExplorationRecord,
  LogRecord,
  RunRecord,
  VerdictRecord,
} from './records.ts';
import type { TestResult } from './test-results.ts';

export interface RunFacts {
  records: LogRecord[];
  tests: TestResult[];
  deviations: KnownDeviation[];
}

function of<K extends LogRecord['kind']>(records: LogRecord[], kind: K) {
  return records.filter((r): r is Extract<LogRecord, { kind: K }> => r.kind === kind);
}

/** Wall time of the contract tests alone (other projects may run beside them). */
function wallTimeMs(tests: TestResult[]): number {
  const ran = tests.filter((t) => t.startTime > 0);
  if (ran.length === 0) return 0;
  const start = Math.min(...ran.map((t) => t.startTime));
  const end = Math.max(...ran.map((t) => t.startTime + t.durationMs));
  return end - start;
}

function indent(text: string, by = '    '): string {
  return text
    .split('\n')
    .map((l) => `${by}${l}`)
    .join('\n');
}

function knownSection(verdicts: VerdictRecord[], deviations: KnownDeviation[]): string[] {
  const seen = new Map<string, { count: number; example: string }>();
  for (const v of verdicts) {
    for (const p of v.problems) {
      if (!p.deviation) continue;
      const entry = seen.get(p.deviation) ?? {
        count: 0,
        example: `${v.operationId} GET ${v.url} → ${v.actualStatus}`,
      };
      entry.count++;
      seen.set(p.deviation, entry);
    }
  }
  const lines = [...seen].map(
    ([id, s]) =>
      `- ${id} (${s.count}×, e.g. ${s.example}): ${deviations.find((d) => d.id === id)?.reason ?? ''}`,
  );
  const unseen = deviations
    .filter((d) => !seen.has(d.id))
    .map((d) => `- ${d.id} (${d.operationId ?? 'every operation'}, ${d.where}): ${d.reason}`);
  return [
    `Known deviations seen (not failing): ${seen.size}`,
    ...lines,
    ...(unseen.length
      ? ['Warning: known deviations listed but not seen in this run (fixed, or not exercised?):', ...unseen]
      : []),
  ];
}

function toleratedSection(verdicts: VerdictRecord[]): string[] {
  const byNote = new Map<string, VerdictRecord[]>();
  for (const v of verdicts) byNote.set(v.note ?? '', [...(byNote.get(v.note ?? '') ?? []), v]);
  return [...byNote].flatMap(([note, vs]) => [
    `- ${vs.length}× ${note}`,
    ...vs.slice(0, 3).map((v) => `    · ${v.operationId} GET ${v.url}`),
    ...(vs.length > 3 ? [`    · … and ${vs.length - 3} more`] : []),
  ]);
}

/** Undeclared fields a live target sent, once per operation and field. */
function undocumentedSection(verdicts: VerdictRecord[]): string[] {
  const seen = new Set(verdicts.flatMap((v) => (v.undocumented ?? []).map((f) => `${v.operationId}: ${f}`)));
  if (seen.size === 0) return [];
  return [
    '',
    `Undocumented fields (drift, not failing; UNDOCUMENTED_FIELDS=fail makes them fail): ${seen.size}`,
    ...[...seen].sort().map((s) => `- ${s}`),
  ];
}

/** Deprecated operations the target has retired (410 Gone), once per operation. */
function sunsetSection(verdicts: VerdictRecord[]): string[] {
  const byOperation = new Map<string, { count: number; note: string }>();
  for (const v of verdicts.filter((x) => x.outcome === 'sunset')) {
    const entry = byOperation.get(v.operationId) ?? { count: 0, note: v.note ?? '' };
    entry.count++;
    byOperation.set(v.operationId, entry);
  }
  if (byOperation.size === 0) return [];
  return [
    '',
    `Sunset on this target (deprecated operations answering 410 Gone: their tests skip, nothing fails): ${byOperation.size}`,
    ...[...byOperation]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([op, e]) => `- ${op} (${e.count}×): ${e.note}`),
  ];
}

function skipSection(tests: TestResult[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const t of tests.filter((x) => x.state === 'skipped')) {
    const reason = t.message ?? 'skipped';
    byReason.set(reason, [...(byReason.get(reason) ?? []), t.name]);
  }
  return [...byReason].flatMap(([reason, names]) => [
    `- ${names.length} skipped: ${reason}`,
    ...names.map((n) => `    · ${n}`),
  ]);
}

const OTHERS_NAMED = 5;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * One entry per root cause: its count and the cause with the first test's real figures, that
 * test's failure in full, and the names of the others (each failure is shown once; the JUnit XML
 * and the exchange log hold the others).
 */
function failureSection(failed: TestResult[], verdicts: VerdictRecord[]): string[] {
  const causes = groupFailures(failed, verdicts);
  return [
    `Failures: ${plural(failed.length, 'test')}, ${plural(causes.length, 'cause')}`,
    ...causes.flatMap((c) => {
      const [first, ...others] = c.tests as [TestResult, ...TestResult[]];
      const figures = c.figuresDiffer ? " (the first test's figures; the others' differ)" : '';
      return [
        `- ${c.tests.length}× ${c.text}${figures}`,
        `    first: ${first.name}`,
        indent(first.message ?? '(no message)', '      '),
        ...(others.length
          ? [
              `    also: ${others
                .slice(0, OTHERS_NAMED)
                .map((t) => t.name)
                .join(
                  '; ',
                )}${others.length > OTHERS_NAMED ? `; and ${others.length - OTHERS_NAMED} more` : ''}`,
            ]
          : []),
      ];
    }),
    '',
  ];
}

function explorationLine(e: ExplorationRecord | undefined): string[] {
  if (!e) return [];
  const stopped = e.stoppedBecause ? `; stopped early: ${e.stoppedBecause}` : '';
  const shrunk = e.failed ? `, ${e.shrinkRequests} more to shrink the failure` : '';
  return [
    `Exploration: CONTRACT_SEED=${e.seed} CONTRACT_EXPLORE=${e.cases}: ${e.ran} cases (${e.unbuilt} not buildable yet), ${e.requests} requests${shrunk}${stopped}`,
  ];
}

/** The run in words: target, requests and time, failures, known deviations, skips, discoveries. */
export function renderSummary({ records, tests, deviations }: RunFacts): string {
  const run = of(records, 'run')[0] as RunRecord | undefined;
  const exchanges = of(records, 'exchange') as ExchangeRecord[];
  const verdicts = of(records, 'verdict') as VerdictRecord[];
  const discoveries = of(records, 'discovery') as DiscoveryRecord[];
  const count = (state: TestResult['state']) => tests.filter((t) => t.state === state).length;
  const failed = tests.filter((t) => t.state === 'failed');
  const tolerated = verdicts.filter((v) => v.outcome === 'tolerated');
  return [
    `Target: ${run?.target ?? 'unknown'}`,
    ...(run?.release ? [`Release: ${run.release}`] : []),
    `Target file: ${run?.targetFile ?? 'unknown'}`,
    `Client limiter: ${run?.limiter ?? 'unknown'}; request budget MAX_REQUESTS=${run?.maxRequests ?? '?'}`,
    `Requests sent: ${exchanges.length} (${exchanges.filter((e) => e.retry).length} repeated after a 429, ${exchanges.filter((e) => e.provoked).length} sent to provoke 429, ${exchanges.filter((e) => e.error).length} without an answer) in ${(wallTimeMs(tests) / 1000).toFixed(1)} s`,
    `Tests: ${count('passed')} passed, ${failed.length} failed, ${count('skipped')} skipped`,
    ...explorationLine(of(records, 'exploration')[0]),
    ...(run?.notices?.length ? ['', 'Before the tests:', ...run.notices.map((n) => `- ${n}`)] : []),
    '',
    ...(failed.length ? failureSection(failed, verdicts) : ['No failures.', '']),
    ...knownSection(verdicts, deviations),
    ...sunsetSection(verdicts),
    ...undocumentedSection(verdicts),
    ...(tolerated.length
      ? ['', `Tolerated (target file tolerances): ${tolerated.length}`, ...toleratedSection(tolerated)]
      : []),
    ...(count('skipped') ? ['', 'Skipped, and why:', ...skipSection(tests)] : []),
    ...(discoveries.length
      ? [
          '',
          'Discovered (missing from the target file):',
          ...discoveries.map((d) => `- ${d.entry}: ${d.value} — from ${d.how}`),
        ]
      : []),
  ].join('\n');
}
