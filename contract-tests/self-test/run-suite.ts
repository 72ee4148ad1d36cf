import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT } from '../config.ts';
import { EXCHANGE_LOG, type LogRecord } from '../report/records.ts';

const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
/** Set in the child's environment: the self-test refuses to run inside its own child. */
export const CHILD_MARK = 'CONTRACT_SELF_TEST_CHILD';

export interface SuiteTest {
  /** `describe > … > test`. */
  name: string;
  /** The test file, relative to the project's root. */
  file: string;
  status: 'passed' | 'failed' | 'skipped' | 'pending' | 'todo' | 'disabled';
  message: string;
}

export interface SuiteRun {
  tests: SuiteTest[];
  failed: SuiteTest[];
  /** Errors outside tests (a file that could not load); the run proves nothing when there are any. */
  errors: string[];
  /** The run's summary as the contract reporter wrote it (coverage matrix and summary). */
  summary: string;
  /** Tests that met a known deviation of the target file (and did not fail for it). */
  knownTests: string[];
}

export interface SuiteOptions {
  /** The target file; the mock's default world when not set. */
  target?: string;
  /** Cases of the exploration phase (CONTRACT_EXPLORE). */
  explore?: number;
  /** Only these test files (relative to the project's root); every file of the contract project when not set. */
  files?: string[];
  /**
   * Where the child keeps its transformed modules (vitest's fsModuleCache): children that share
   * one directory transform the suite once between them, not once each.
   */
  moduleCache?: string;
}

/** Few exploration cases per child keep the self-test's time in check; one seed makes every child draw the same. */
export const SELF_TEST_EXPLORE = 15;
/**
 * A seed whose first 120 cases (EXPLORING) catch every variant only the exploration catches:
 * some chains (a page then its next page, a history then operation 8) come up in a few cases
 * of 120, so a seed is chosen that draws each; after a change to the exploration's draws,
 * try a few seeds against those variants and take one that catches them all.
 */
export const SELF_TEST_SEED = 17;

interface JsonReport {
  testResults?: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults?: Array<{
      ancestorTitles: string[];
      title: string;
      status: SuiteTest['status'];
      failureMessages?: string[];
    }>;
  }>;
}

/** The environment of a suite run against `baseUrl`: only what the run needs, nothing from a caller's live setup. */
function childEnv(baseUrl: string, reportDir: string, target: string, explore: number): NodeJS.ProcessEnv {
  const keep = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(BASE_URL|API_KEY|TARGET|MAX_REQUESTS|CONTRACT_.*)$/.test(name),
    ),
  );
  return {
    ...keep,
    BASE_URL: baseUrl,
    TARGET: target,
    // The variants run on loopback: the client-side limiter would only slow the run down.
    CONTRACT_RPM: '0',
    CONTRACT_RUN_DIR: reportDir,
    CONTRACT_EXPLORE: String(explore),
    CONTRACT_SEED: String(SELF_TEST_SEED),
    // The variants' mocks mine a block a second, or none: the live-update checks need not wait longer.
    CONTRACT_STREAM_WAIT: '3',
    [CHILD_MARK]: '1',
    FORCE_COLOR: '0',
  };
}

function readIfThere(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** The names of the tests whose answers matched a known deviation, from the run's exchange log. */
function testsWithKnownDeviations(logFile: string): string[] {
  const names = readIfThere(logFile)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LogRecord)
    .flatMap((r) => (r.kind === 'verdict' && r.outcome === 'known' && r.test ? [r.test.name] : []));
  return [...new Set(names)];
}

/** Runs the contract project over HTTP against `baseUrl` in a child vitest and reads its JSON report. */
export async function runSuite(baseUrl: string, options: SuiteOptions = {}): Promise<SuiteRun> {
  const dir = mkdtempSync(join(tmpdir(), 'contract-self-test-'));
  const reportFile = join(dir, 'report.json');
  try {
    const child = spawn(
      process.execPath,
      [
        VITEST,
        'run',
        '--project',
        'contract',
        '--reporter=json',
        `--reporter=${join(ROOT, 'contract-tests/report/contract-reporter.ts')}`,
        `--outputFile.json=${reportFile}`,
        ...(options.moduleCache
          ? ['--experimental.fsModuleCache', `--experimental.fsModuleCachePath=${options.moduleCache}`]
          : []),
        ...(options.files ?? []),
      ],
      {
        cwd: ROOT,
        env: childEnv(
          baseUrl,
          dir,
          options.target ?? 'fixtures/targets/mock-default.json',
          options.explore ?? SELF_TEST_EXPLORE,
        ),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const keep = (c: Buffer): void => void (output = (output + c.toString()).slice(-4_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const exitCode = await new Promise<number | null>((resolve) => child.once('close', resolve));
    let report: JsonReport;
    try {
      report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
    } catch {
      return {
        tests: [],
        failed: [],
        errors: [`no JSON report (exit ${exitCode}); the run's output ends:\n${output.slice(-2_000)}`],
        summary: output,
        knownTests: [],
      };
    }
    const tests: SuiteTest[] = [];
    const errors: string[] = [];
    for (const file of report.testResults ?? []) {
      if (file.status === 'failed' && (file.assertionResults ?? []).length === 0)
        errors.push(`${file.name}: ${file.message ?? 'failed to run'}`);
      for (const a of file.assertionResults ?? []) {
        tests.push({
          name: [...a.ancestorTitles, a.title].join(' > '),
          file: relative(ROOT, file.name),
          status: a.status,
          message: (a.failureMessages ?? []).join('\n'),
        });
      }
    }
    return {
      tests,
      failed: tests.filter((t) => t.status === 'failed'),
      errors,
      summary: readIfThere(join(dir, 'contract-coverage.md')),
      knownTests: testsWithKnownDeviations(join(dir, EXCHANGE_LOG)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
