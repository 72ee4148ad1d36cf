import type { Operation } from '../../spec/load.ts';
import type { VerdictRecord } from './records.ts';
import type { TestResult } from './test-results.ts';

export interface Cell {
  documented: boolean;
  pass: number;
  fail: number;
  known: number;
  tolerated: number;
  /** Skip reasons of tests meant for this cell that did not run. */
  skipped: string[];
}

export interface Matrix {
  statuses: string[];
  rows: Array<{ operationId: string; cells: Cell[] }>;
}

/** Statuses no request from outside can provoke on a healthy target. */
const NOT_PROVOKABLE: Record<string, string> = {
  '5XX': 'no server error was provoked in this run (the mock provokes one with Prefer: code=500)',
  '4XX':
    'the class is exercised through the exact 4xx codes; another 4xx accepted through it is counted as tolerated under the status the request was meant to provoke',
  '410':
    'a deprecated operation answers 410 only once the target retires it (its sunset; the mock with --deprecated gone), and a 410 seen is reported as that sunset, not as a break',
};

/** The status the request was meant to provoke; a 4xx accepted through `4XX` counts there too, as tolerated. */
function columnOf(op: Operation, v: VerdictRecord): string {
  return op.responses[String(v.expectedStatus)]
    ? String(v.expectedStatus)
    : `${String(v.expectedStatus)[0]}XX`;
}

/** The operation and status a test is about, read from its name: `<operationId> > <status> …`. */
function cellOfTest(
  name: string,
  operationIds: string[],
): { operationId: string; status: string } | undefined {
  const operationId = operationIds.find((id) => name.split(' > ').includes(id));
  const status = name
    .split(' > ')
    .map((part) => /^(\d{3}|\dXX) /.exec(part)?.[1])
    .find((s) => s !== undefined);
  return operationId && status ? { operationId, status } : undefined;
}

/**
 * Operation × documented status: how many checked answers passed, failed, were known deviations
 * or tolerated, and which tests meant for a cell were skipped and why.
 */
export function buildMatrix(operations: Operation[], verdicts: VerdictRecord[], tests: TestResult[]): Matrix {
  const statuses = [...new Set(operations.flatMap((op) => Object.keys(op.responses)))].sort();
  const rows = operations.map((op) => ({
    operationId: op.operationId,
    cells: statuses.map((status): Cell => ({
      documented: op.responses[status] !== undefined,
      pass: 0,
      fail: 0,
      known: 0,
      tolerated: 0,
      skipped: [],
    })),
  }));
  const cell = (operationId: string, status: string): Cell | undefined =>
    rows.find((r) => r.operationId === operationId)?.cells[statuses.indexOf(status)];
  for (const v of verdicts) {
    const op = operations.find((o) => o.operationId === v.operationId);
    const target = op ? cell(v.operationId, columnOf(op, v)) : undefined;
    if (!target) continue;
    if (v.outcome === 'pass') target.pass++;
    else if (v.outcome === 'fail') target.fail++;
    else if (v.outcome === 'known') target.known++;
    // A sunset answer is not the status the test asked for: its test is skipped, with the reason.
    else if (v.outcome === 'tolerated') target.tolerated++;
  }
  const ids = operations.map((o) => o.operationId);
  for (const t of tests) {
    if (t.state !== 'skipped') continue;
    const at = cellOfTest(t.name, ids);
    const target = at ? cell(at.operationId, at.status) : undefined;
    if (target && t.message && !target.skipped.includes(t.message)) target.skipped.push(t.message);
  }
  return { statuses, rows };
}

function render(c: Cell, status: string, footnotes: string[]): string {
  if (!c.documented) return '·';
  const parts: string[] = [];
  if (c.fail) parts.push(`✗ ${c.fail} of ${c.pass + c.fail + c.known + c.tolerated}`);
  else if (c.pass) parts.push(`✓ ${c.pass}`);
  if (c.known) parts.push(`known ${c.known}`);
  if (c.tolerated) parts.push(`tolerated ${c.tolerated}`);
  const reasons = c.skipped.length
    ? c.skipped
    : parts.length === 0 && NOT_PROVOKABLE[status]
      ? [NOT_PROVOKABLE[status] as string]
      : [];
  const marks = reasons.map((r) => {
    if (!footnotes.includes(r)) footnotes.push(r);
    return `[${footnotes.indexOf(r) + 1}]`;
  });
  if (parts.length === 0)
    return c.skipped.length ? `skipped ${marks.join('')}` : `— ${marks.join('')}`.trim();
  return [...parts, ...marks].join(' ');
}

export function renderMatrix(matrix: Matrix): string {
  const footnotes: string[] = [];
  const header = `| operation | ${matrix.statuses.join(' | ')} |`;
  const rule = `|---|${matrix.statuses.map(() => '---').join('|')}|`;
  const lines = matrix.rows.map(
    (r) =>
      `| ${r.operationId} | ${r.cells.map((c, i) => render(c, matrix.statuses[i] as string, footnotes)).join(' | ')} |`,
  );
  const notes = footnotes.map((f, i) => `[${i + 1}] ${f}`);
  const legend =
    'Cells: ✓ n = n checked answers conformed; ✗ f of n = f did not; known = a known deviation of the target (listed in its target file, not failing); tolerated = another 4xx accepted through the documented 4XX (a target file tolerance); — = documented but not exercised; · = not documented for the operation.';
  return [header, rule, ...lines, '', legend, ...(notes.length ? ['', ...notes] : [])].join('\n');
}
