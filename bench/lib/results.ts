import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

/**
 * A bench's ending: its report written to bench/results/<file>, where it went printed, and a
 * failing exit code when it missed a ceiling, so that `make bench` and CI see the verdict and not
 * only the text. The exit code is set, not forced, so children and servers still close.
 */
export function endBench(file: string, report: string, missed: boolean, dir = RESULTS_DIR): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, file);
  writeFileSync(path, report);
  console.log(`\nwritten to ${path}`);
  if (missed) process.exitCode = 1;
  return path;
}

/** A bench's report: its title, the lines on the machine and the method, its table, notes under it, its verdict. */
export interface BenchReport {
  title: string;
  header: string[];
  table: string;
  notes?: string[];
  verdict: string;
}

/** `endBench` for a report in the benches' one layout, the table and the verdict printed first. */
export function endBenchReport(file: string, r: BenchReport, missed: boolean, dir = RESULTS_DIR): string {
  console.log(`\n${r.table}\n\n${r.verdict}`);
  const notes = r.notes?.length ? [...r.notes, ''] : [];
  const text = [`# ${r.title}`, '', ...r.header, '', r.table, '', ...notes, r.verdict, ''].join('\n');
  return endBench(file, text, missed, dir);
}

/** Runs a bench: a failure is one line naming it and a failing exit code, never a stack trace. */
export function runBench(main: () => Promise<void> | void, what = 'bench'): Promise<void> {
  return Promise.resolve()
    .then(main)
    .catch((err: unknown) => {
      console.error(`${what} failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    });
}
