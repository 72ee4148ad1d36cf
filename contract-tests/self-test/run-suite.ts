import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../config.ts';

const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
/** Set in the child's environment: the self-test refuses to run inside its own child. */
export const CHILD_MARK = 'CONTRACT_SELF_TEST_CHILD';

export interface SuiteTest {
  /** `describe > … > test`. */
  name: string;
  status: 'passed' | 'failed' | 'skipped' | 'pending' | 'todo' | 'disabled';
  message: string;
}

export interface SuiteRun {
  tests: SuiteTest[];
  failed: SuiteTest[];
  /** Errors outside tests (a file that could not load); the run proves nothing when there are any. */
  errors: string[];
}

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
function childEnv(baseUrl: string, reportDir: string, target: string): NodeJS.ProcessEnv {
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
    CONTRACT_REPORT_DIR: reportDir,
    [CHILD_MARK]: '1',
    FORCE_COLOR: '0',
  };
}

/** Runs the contract project over HTTP against `baseUrl` in a child vitest and reads its JSON report. */
export async function runSuite(
  baseUrl: string,
  target = 'fixtures/targets/mock-default.json',
): Promise<SuiteRun> {
  const dir = mkdtempSync(join(tmpdir(), 'contract-self-test-'));
  const reportFile = join(dir, 'report.json');
  try {
    const child = spawn(
      process.execPath,
      [VITEST, 'run', '--project', 'contract', '--reporter=json', `--outputFile=${reportFile}`],
      {
        cwd: ROOT,
        env: childEnv(baseUrl, dir, target),
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
          status: a.status,
          message: (a.failureMessages ?? []).join('\n'),
        });
      }
    }
    return { tests, failed: tests.filter((t) => t.status === 'failed'), errors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
