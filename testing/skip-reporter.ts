import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { CONTRACT_PROJECT } from '../contract-tests/project.ts';

/**
 * After vitest's own summary: every test skipped with a note (`ctx.skip(note)`, testing/skip-note.ts),
 * grouped by file with the number of tests the file skipped, so a run that left out the browser
 * tests or the checks against the shared documents says which and why in its closing lines. The
 * contract suite's skips are its own reporter's (contract-tests/report/contract-reporter.ts).
 */
export default class SkipReporter implements Reporter {
  private vitest?: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines: string[] = [];
    for (const module of testModules.filter((m) => m.project.name !== CONTRACT_PROJECT)) {
      const tests = [...module.children.allTests()];
      const skipped = tests.filter((t) => t.result().state === 'skipped');
      const notes = new Set(
        skipped.map((t) => t.result()).flatMap((r) => (r.state === 'skipped' && r.note ? [r.note] : [])),
      );
      if (notes.size === 0) continue;
      const file = relative(process.cwd(), module.moduleId);
      lines.push(`  ${file} (${skipped.length} skipped): ${[...notes].join('; ')}`);
    }
    if (lines.length === 0) return;
    const text = `\nSkipped, and why:\n${lines.join('\n')}\n`;
    if (this.vitest) this.vitest.logger.log(text);
    else process.stdout.write(text);
  }
}
