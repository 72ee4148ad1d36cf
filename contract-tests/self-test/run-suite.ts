import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../config.ts';
import { BLOCK_TIMES_WAITED } from '../live/observe-stream.ts';
import { EXCHANGE_LOG, type LogRecord } from '../report/records.ts';
import type { ChildMessage, ChildReply, ChildRun, SuiteTest } from './suite-run-protocol.ts';

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
  /** Seconds between the target's blocks; unset: it mines none. */
  blockTime?: number;
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

/**
 * Seconds the live-update checks wait for a block from a target that mines none: enough to see the
 * channel open and answer every subscription, which they check before the wait; no block can come,
 * so they skip as they would after any wait.
 */
const NO_BLOCK_WAIT_S = 1;

/** The environment of a suite run against `baseUrl`: only what the run needs, nothing from a caller's live setup. */
function runEnv(
  baseUrl: string,
  reportDir: string,
  target: string,
  explore: number,
  blockTime: number | undefined,
): Record<string, string> {
  return {
    BASE_URL: baseUrl,
    TARGET: target,
    // The variants run on loopback: the client-side limiter would only slow the run down.
    CONTRACT_RPM: '0',
    CONTRACT_RUN_DIR: reportDir,
    CONTRACT_EXPLORE: String(explore),
    CONTRACT_SEED: String(SELF_TEST_SEED),
    // Loopback mocks whose block time is known: waited for as the suite would, reading it from their blocks.
    CONTRACT_STREAM_WAIT: String(blockTime ? BLOCK_TIMES_WAITED * blockTime : NO_BLOCK_WAIT_S),
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

/** Children that run the contract project (suite-runs-child.ts), each one run at a time. */
export interface SuitePool {
  /** Queues a run; settled as it ends. Each child takes the queue's next run as it ends its last. */
  run(request: SuiteRequest): Promise<SuiteRun>;
  /** No more runs: each child ends once the queue is empty; settled when every child has ended. */
  close(): Promise<void>;
}

interface Queued {
  id: number;
  request: SuiteRequest;
  resolve(run: SuiteRun): void;
}

interface SuiteChild {
  send(message: ChildMessage): void;
  /** Its run under way; undefined while it starts or waits. */
  busy?: Queued;
  ready: boolean;
}

/** A run that never got its result: the child's error, with the child's last words. */
function lostRun(exitCode: number | null, output: string): SuiteRun {
  return {
    tests: [],
    failed: [],
    errors: [`no result (the child ended with ${exitCode}); its output ends:\n${output.slice(-2_000)}`],
    summary: output,
    knownTests: [],
  };
}

/**
 * Up to `size` children, started as runs are queued: a child's vitest starts once for all the
 * runs it takes, where a child a caller's batch of runs started vitest again for each batch.
 */
export function suitePool(size: number): SuitePool {
  const dir = mkdtempSync(join(tmpdir(), 'contract-self-test-'));
  const runDir = (id: number): string => join(dir, `run-${id}`);
  const queue: Queued[] = [];
  const children = new Set<SuiteChild>();
  let runs = 0;
  let closing = false;
  let ended: () => void = () => undefined;
  const allEnded = new Promise<void>((resolve) => (ended = resolve));
  function end(): void {
    rmSync(dir, { recursive: true, force: true });
    ended();
  }

  const childRun = ({ id, request: r }: Queued): ChildRun => ({
    id,
    env: runEnv(
      r.baseUrl,
      runDir(id),
      r.target ?? 'fixtures/targets/mock-default.json',
      r.explore ?? SELF_TEST_EXPLORE,
      r.blockTime,
    ),
    ...(r.files ? { files: r.files } : {}),
  });

  /** An idle child takes the queue's next run, or, the pool closing and the queue empty, ends. */
  function feed(c: SuiteChild): void {
    const next = queue.shift();
    if (next) {
      c.busy = next;
      c.send({ run: childRun(next) });
    } else if (closing) c.send({ done: true });
  }

  function start(): void {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: ROOT,
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const c: SuiteChild = { send: (m) => void child.send(m), ready: false };
    children.add(c);
    let output = '';
    const keep = (chunk: Buffer): void => void (output = (output + chunk.toString()).slice(-4_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    // A send to a child already ending: its 'close' settles its run.
    child.on('error', (err) => keep(Buffer.from(`\n${err.message}\n`)));
    child.on('message', (message: ChildReply) => {
      if ('ready' in message) c.ready = true;
      else if (c.busy?.id === message.id) {
        c.busy.resolve({
          tests: message.tests,
          failed: message.tests.filter((t) => t.status === 'failed'),
          errors: message.errors,
          summary: readIfThere(join(runDir(message.id), 'contract-coverage.md')),
          knownTests: testsWithKnownDeviations(join(runDir(message.id), EXCHANGE_LOG)),
        });
        c.busy = undefined;
      }
      feed(c);
    });
    child.once('close', (exitCode) => {
      children.delete(c);
      // A child that stopped early takes its run with it, and the queue: what broke it would break them too.
      const lost = lostRun(exitCode, output);
      c.busy?.resolve(lost);
      if (!closing) for (const q of queue.splice(0)) q.resolve(lost);
      if (children.size === 0 && closing) end();
    });
  }

  return {
    run(request) {
      return new Promise<SuiteRun>((resolve) => {
        queue.push({ id: runs++, request, resolve });
        const idle = [...children].find((c) => c.ready && !c.busy);
        if (idle) feed(idle);
        else if (children.size < size) start();
      });
    },
    close() {
      closing = true;
      for (const c of children) if (c.ready && !c.busy) feed(c);
      if (children.size === 0) end();
      return allEnded;
    },
  };
}

/** One run of the contract project over HTTP against `baseUrl`, in a child of its own. */
export function runSuite(baseUrl: string, options: SuiteOptions = {}): Promise<SuiteRun> {
  const pool = suitePool(1);
  const run = pool.run({ baseUrl, ...options });
  void pool.close();
  return run;
}
