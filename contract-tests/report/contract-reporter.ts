import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { linkLatest } from './latest-run.ts';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { listOperations } from '../../spec/load.ts';
import { readConfig } from '../config.ts';
import { CONTRACT_PROJECT } from '../project.ts';
import { loadTargetFile } from '../targets/target-file.ts';
import { buildMatrix, renderMatrix } from './coverage-matrix.ts';
import { renderJUnit } from './junit.ts';
import { EXCHANGE_LOG, type LogRecord, type VerdictRecord } from './records.ts';
import { renderSummary } from './summary.ts';
import { collectResults } from './test-results.ts';

function readLog(reportDir: string): LogRecord[] {
  const file = join(reportDir, EXCHANGE_LOG);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LogRecord);
}

/**
 * After a run that included the contract project: the coverage matrix (operation × status) and
 * the summary, printed and written to the run's own directory (reports/runs/<run>/
 * contract-coverage.md, with JUnit XML beside it), and reports/latest pointed at that directory.
 * Other projects' runs are left alone.
 */
export default class ContractReporter implements Reporter {
  private vitest?: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const modules = testModules.filter((m) => m.project.name === CONTRACT_PROJECT);
    if (modules.length === 0) return;
    const config = readConfig();
    const records = readLog(config.runDir);
    const tests = collectResults(modules);
    const verdicts = records.filter((r): r is VerdictRecord => r.kind === 'verdict');
    const deviations =
      config.targetFile && existsSync(config.targetFile)
        ? (loadTargetFile(config.targetFile).knownDeviations ?? [])
        : [];
    const matrix = renderMatrix(buildMatrix(listOperations(), verdicts, tests));
    const summary = renderSummary({ records, tests, deviations });
    mkdirSync(config.runDir, { recursive: true });
    const coverage = join(config.runDir, 'contract-coverage.md');
    const junit = join(config.runDir, 'contract-junit.xml');
    writeFileSync(coverage, `# Contract coverage\n\n${matrix}\n\n## Summary\n\n\`\`\`\n${summary}\n\`\`\`\n`);
    writeFileSync(junit, renderJUnit(tests, verdicts));
    const log = (text: string): void =>
      this.vitest ? this.vitest.logger.log(text) : void process.stdout.write(`${text}\n`);
    const latest = linkLatest(config.reportDir, config.runDir);
    const at = (file: string): string => relative(process.cwd(), file);
    log(
      `\nContract coverage (operation × status)\n\n${matrix}\n\n${summary}\n\nWritten: ${at(coverage)}, ${at(junit)}, ${at(join(config.runDir, EXCHANGE_LOG))}${latest ? ` (${at(latest)} links to them)` : ''}\n`,
    );
  }
}
