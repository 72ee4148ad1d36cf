import type { VerdictRecord } from './records.ts';
import type { TestResult } from './test-results.ts';

function xml(text: string): string {
  // Control characters other than tab and newlines are not allowed in XML 1.0.
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/**
 * JUnit XML of the contract tests, one testsuite per file. Known deviations a test met are
 * listed in its system-out, so CI shows them without failing on them.
 */
export function renderJUnit(tests: TestResult[], verdicts: VerdictRecord[]): string {
  const files = [...new Set(tests.map((t) => t.file))];
  const known = (t: TestResult): string[] =>
    verdicts
      .filter((v) => v.test?.id === t.id)
      .flatMap((v) =>
        v.problems
          .filter((p) => p.deviation)
          .map(
            (p) =>
              `known deviation ${p.deviation}: ${v.operationId} GET ${v.url}: ${p.where}: expected ${p.expected}; got ${p.actual}`,
          ),
      );
  const suites = files.map((file) => {
    const mine = tests.filter((t) => t.file === file);
    const cases = mine.map((t) => {
      const body: string[] = [];
      if (t.state === 'failed')
        body.push(
          `      <failure message="${xml((t.message ?? '').split('\n')[0] ?? '')}" type="ContractViolation">${xml(t.message ?? '')}</failure>`,
        );
      if (t.state === 'skipped' || t.state === 'pending')
        body.push(`      <skipped message="${xml(t.message ?? 'skipped')}"/>`);
      const notes = known(t);
      if (notes.length) body.push(`      <system-out>${xml(notes.join('\n'))}</system-out>`);
      const open = `    <testcase classname="${xml(file)}" name="${xml(t.name)}" time="${seconds(t.durationMs)}"`;
      return body.length ? `${open}>\n${body.join('\n')}\n    </testcase>` : `${open}/>`;
    });
    const failures = mine.filter((t) => t.state === 'failed').length;
    const skipped = mine.filter((t) => t.state === 'skipped' || t.state === 'pending').length;
    const time = mine.reduce((sum, t) => sum + t.durationMs, 0);
    return `  <testsuite name="${xml(file)}" tests="${mine.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(time)}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const failures = tests.filter((t) => t.state === 'failed').length;
  const skipped = tests.filter((t) => t.state === 'skipped' || t.state === 'pending').length;
  const time = tests.reduce((sum, t) => sum + t.durationMs, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="contract" tests="${tests.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(time)}">\n${suites.join('\n')}\n</testsuites>\n`;
}
