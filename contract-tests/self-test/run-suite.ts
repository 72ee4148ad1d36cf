import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../config.ts';
import { EXCHANGE_LOG, type LogRecord } from '../report/records.ts';
import type { ChildRequest, ChildResult, SuiteTest } from './suite-run-protocol.ts';

const CHILD = join(ROOT, 'contract-tests/self-test/suite-runs-child.ts');
/** Set in the child's environment: the self-test refuses to run inside its own child. */
export const CHILD_MARK = 'CONTRACT_SELF_TEST_CHILD';

export type { SuiteTest };

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

/** A run of the suite against `baseUrl`. */
export interface SuiteRequest extends SuiteOptions {
  baseUrl: string;
}

/** Few exploration cases per child keep the self-test's time in check; one seed makes every child draw the same. */
export const SELF_TEST_EXPLORE = 15;
/**
 * A seed whose first 120 cases (EXPLORING) catch every variant only the exploration catches:
 * some chains (a page then its next page, a history then operation 8) come up in a few cases
 * of 120, so a seed is chosen that draws each; after a change to the exploration's draws,
 * try a few seeds against those variants and take one that catches them all.
 */
export const SELF_TEST_SEED = 7;

/** The environment of a suite run against `baseUrl`: only what the run needs, nothing from a caller's live setup. */
function runEnv(baseUrl: string, reportDir: string, target: string, explore: number): Record<string, string> {
  return {
    BASE_URL: baseUrl,
    TARGET: target,
    // The variants run on loopback: the client-side limiter would only slow the run down.
    CONTRACT_RPM: '0',
    CONTRACT_RUN_DIR: reportDir,
    CONTRACT_EXPLORE: String(explore),
    CONTRACT_SEED: String(SELF_TEST_SEED),
    // The variants' mocks mine a block a second, or none: the live-update checks need not wait longer.
    CONTRACT_STREAM_WAIT: '3',
  };
}

/** The environment of the child: the caller's, without any run's settings. */
function childEnv(): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !/^(BASE_URL|API_KEY|TARGET|MAX_REQUESTS|CONTRACT_.*)$/.test(name),
      ),
    ),
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

/**
 * Runs the contract project over HTTP against each request's target, one after the other in one
 * child vitest (suite-runs-child.ts), and reads each run's tests, summary and known deviations:
 * a promise a request, settled as its run ends.
 */
export function runSuites(requests: SuiteRequest[]): Promise<SuiteRun>[] {
  const dir = mkdtempSync(join(tmpdir(), 'contract-self-test-'));
  const runDir = (id: number): string => join(dir, `run-${id}`);
  const settle = requests.map(() => {
    let resolve: (run: SuiteRun) => void = () => undefined;
    const promise = new Promise<SuiteRun>((r) => (resolve = r));
    return { promise, resolve };
  });
  const request: ChildRequest = {
    runs: requests.map((r, id) => ({
      id,
      env: runEnv(
        r.baseUrl,
        runDir(id),
        r.target ?? 'fixtures/targets/mock-default.json',
        r.explore ?? SELF_TEST_EXPLORE,
      ),
      ...(r.files ? { files: r.files } : {}),
    })),
    ...(requests[0]?.moduleCache ? { moduleCache: requests[0].moduleCache } : {}),
  };
  const requestFile = join(dir, 'request.json');
  writeFileSync(requestFile, JSON.stringify(request));
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, requestFile], {
    cwd: ROOT,
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const keep = (c: Buffer): void => void (output = (output + c.toString()).slice(-4_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('message', (message: ChildResult) => {
    const failed = message.tests.filter((t) => t.status === 'failed');
    settle[message.id]?.resolve({
      tests: message.tests,
      failed,
      errors: message.errors,
      summary: readIfThere(join(runDir(message.id), 'contract-coverage.md')),
      knownTests: testsWithKnownDeviations(join(runDir(message.id), EXCHANGE_LOG)),
    });
  });
  child.once('close', (exitCode) => {
    // A run the child never reported (it stopped early): its error, with the child's last words.
    for (const s of settle)
      s.resolve({
        tests: [],
        failed: [],
        errors: [`no result (the child ended with ${exitCode}); its output ends:\n${output.slice(-2_000)}`],
        summary: output,
        knownTests: [],
      });
    rmSync(dir, { recursive: true, force: true });
  });
  return settle.map((s) => s.promise);
}

/** One run of the contract project over HTTP against `baseUrl`, in a child of its own. */
export function runSuite(baseUrl: string, options: SuiteOptions = {}): Promise<SuiteRun> {
  return runSuites([{ baseUrl, ...options }])[0] as Promise<SuiteRun>;
}
