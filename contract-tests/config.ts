import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLoopbackUrl } from '../spec/loopback.ts';
import type { TargetFile } from './targets/target-file.ts';

export type TargetKind = 'mock' | 'live' | 'prism';

/** Everything a run is told from outside, read once from the environment. */
export interface RunConfig {
  kind: TargetKind;
  /** Set for `live`; for `prism`, the global setup sets it to the Prism it started. */
  baseUrl?: string;
  apiKey?: string;
  /** Path of the target file; the kind's default when TARGET is not set. */
  targetFile?: string;
  /** Why this target file was chosen, for the summary. */
  targetFileOrigin: string;
  /**
   * The target file as the preflight read and checked it, handed to the test worker with the rest
   * (its schema is compiled once per run, not again in the worker); unset: the worker reads it.
   */
  target?: TargetFile;
  maxRequests: number;
  timeoutMs: number;
  /** Client-side requests per minute; undefined = the documented limit for the target. 0 = off. */
  requestsPerMinute?: number;
  rateLimitTest: boolean;
  /** The longest `retry-after` the client waits for before it gives up on a request. */
  maxRetryAfterMs: number;
  maxWalkPages: number;
  /** Cases the exploration phase draws (CONTRACT_EXPLORE); 0 turns it off. Undefined: the default for the target. */
  exploreCases?: number;
  /**
   * How long the live-update checks wait for the target's next block (CONTRACT_STREAM_WAIT,
   * seconds); undefined: three times the target's median block time, read from its recent blocks.
   */
  streamWaitS?: number;
  /** The exploration's seed (CONTRACT_SEED): the same seed sends the same requests to the same chain. */
  seed: number;
  /** The reports' root: each run has its own directory under `runs/`, and `latest` links to the last one. */
  reportDir: string;
  /** This run's own directory: its exchange log, the target built from a mock's world, its coverage and JUnit. */
  runDir: string;
  /** What the run is told about the target's keys, over the target file (CONTRACT_KEY_REQUIRED, CONTRACT_INVALID_KEY_REJECTED). */
  auth: { keyRequired?: boolean; invalidKeyRejected?: boolean };
  /** The loopback target's world, when the preflight read it from `/_mock/world`. */
  mockWorld?: { seed: number; network: 'mainnet' | 'testnet'; blocks: number };
  /** What the preflight found the run should know (a target file that disagrees with the target, say). */
  notices: string[];
}

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

const DEFAULT_TARGETS: Record<TargetKind, string | undefined> = {
  mock: 'fixtures/targets/mock-default.json',
  prism: 'fixtures/targets/prism.json',
  live: undefined,
};

export class ConfigError extends Error {}

/**
 * A file as a message names it: from the current directory when it is under it (the user's
 * target file, reports), else its full path (a target file inside the installed package).
 */
export function shownPath(file: string): string {
  const fromHere = relative(process.cwd(), file);
  return fromHere && !fromHere.startsWith('..') && !isAbsolute(fromHere) ? fromHere : file;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min)
    throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return Number(raw);
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${raw}"`);
}

/**
 * BASE_URL as the user set it. Vitest copies Vite's own `BASE_URL` ('/') into an unset
 * process.env.BASE_URL (and over any value in test workers, which is why the configuration is
 * read once in the global setup and handed to the workers).
 */
function userBaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.BASE_URL;
  return raw && raw !== '/' ? raw.replace(/\/+$/, '') : undefined;
}

function kindOf(env: NodeJS.ProcessEnv): TargetKind {
  const raw = env.CONTRACT_TARGET_KIND;
  if (raw === 'mock' || raw === 'live' || raw === 'prism') return raw;
  if (raw) throw new ConfigError(`CONTRACT_TARGET_KIND must be mock, live or prism, got "${raw}"`);
  return userBaseUrl(env) ? 'live' : 'mock';
}

/**
 * The run's own directory, so two runs in one checkout never read each other's files:
 * CONTRACT_RUN_DIR when set, else `<reportDir>/runs/<UTC time>-<pid>`. The id is kept in
 * CONTRACT_RUN_ID, so the global setup and the reporter of one process agree on it.
 */
function runDirOf(env: NodeJS.ProcessEnv, reportDir: string): string {
  if (env.CONTRACT_RUN_DIR) return resolve(ROOT, env.CONTRACT_RUN_DIR);
  env.CONTRACT_RUN_ID ||= `${new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}-${process.pid}`;
  if (!/^[\w.-]+$/.test(env.CONTRACT_RUN_ID))
    throw new ConfigError(
      `CONTRACT_RUN_ID must be letters, digits, ".", "_" or "-", got "${env.CONTRACT_RUN_ID}"`,
    );
  return join(reportDir, 'runs', env.CONTRACT_RUN_ID);
}

/** CONTRACT_SEED, or a new one kept in the environment so the setup and the reporter print the same. */
function seedOf(env: NodeJS.ProcessEnv): number {
  env.CONTRACT_SEED ||= String(Math.floor(Math.random() * 2 ** 31));
  return integer(env, 'CONTRACT_SEED', 0, 0);
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): RunConfig {
  const kind = kindOf(env);
  const baseUrl = userBaseUrl(env);
  if (kind === 'live' && !baseUrl) throw new ConfigError('a live target needs BASE_URL');
  if (baseUrl && !/^https?:\/\//.test(baseUrl))
    throw new ConfigError(`BASE_URL must start with http:// or https://, got "${baseUrl}"`);
  const rpmRaw = env.CONTRACT_RPM;
  const requestsPerMinute =
    rpmRaw === undefined || rpmRaw === '' ? undefined : integer(env, 'CONTRACT_RPM', 0, 0);
  // Switching the limiter off is for servers on this machine only: a typo must never hammer staging.
  if (requestsPerMinute === 0 && kind === 'live' && baseUrl && !isLoopbackUrl(baseUrl)) {
    throw new ConfigError(
      `CONTRACT_RPM=0 turns the client limiter off and is refused for ${baseUrl}, which is not on this machine: unset CONTRACT_RPM (the documented limit applies) or give a positive number`,
    );
  }
  if (env.TARGET && !existsSync(resolve(ROOT, env.TARGET)))
    throw new ConfigError(
      `the target file ${shownPath(resolve(ROOT, env.TARGET))} does not exist (TARGET, or --target): give the path of one (fixtures/targets/mainnet-staging.example.json shows the form), or leave it unset`,
    );
  let targetFile = env.TARGET || DEFAULT_TARGETS[kind];
  let targetFileOrigin = env.TARGET
    ? 'TARGET'
    : targetFile
      ? `default for the ${kind} target`
      : 'none (everything is discovered)';
  if (!env.TARGET && kind === 'live' && baseUrl && isLoopbackUrl(baseUrl))
    targetFileOrigin = 'none: a loopback BASE_URL is read through /_mock/world when it serves one';
  const reportDir = resolve(ROOT, env.CONTRACT_REPORT_DIR || 'reports');
  const keyRequired = flag(env, 'CONTRACT_KEY_REQUIRED');
  const invalidKeyRejected = flag(env, 'CONTRACT_INVALID_KEY_REJECTED');
  return {
    kind,
    ...(baseUrl ? { baseUrl } : {}),
    ...(env.API_KEY ? { apiKey: env.API_KEY } : {}),
    ...(targetFile ? { targetFile: resolve(ROOT, targetFile) } : {}),
    targetFileOrigin,
    maxRequests: integer(env, 'MAX_REQUESTS', 1500, 1),
    timeoutMs: integer(env, 'CONTRACT_TIMEOUT_MS', 15_000, 100),
    ...(requestsPerMinute !== undefined ? { requestsPerMinute } : {}),
    rateLimitTest: env.CONTRACT_RATE_LIMIT_TEST === '1' || env.CONTRACT_RATE_LIMIT_TEST === 'true',
    maxRetryAfterMs: integer(env, 'CONTRACT_MAX_RETRY_AFTER_S', 120, 1) * 1000,
    maxWalkPages: integer(env, 'CONTRACT_MAX_WALK_PAGES', 20, 2),
    ...(env.CONTRACT_EXPLORE ? { exploreCases: integer(env, 'CONTRACT_EXPLORE', 0, 0) } : {}),
    ...(env.CONTRACT_STREAM_WAIT ? { streamWaitS: integer(env, 'CONTRACT_STREAM_WAIT', 0, 1) } : {}),
    seed: seedOf(env),
    reportDir,
    runDir: runDirOf(env, reportDir),
    auth: {
      ...(keyRequired !== undefined ? { keyRequired } : {}),
      ...(invalidKeyRejected !== undefined ? { invalidKeyRejected } : {}),
    },
    notices: [],
  };
}
