import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from './config.ts';
import { defineCommand, UsageError } from '../spec/command-line/declaration.ts';
import { parseCommand } from '../spec/command-line/parse.ts';

/**
 * `stacks-api-contract`: every flag sets the environment variable the suite reads
 * (contract-tests/config.ts, the one reader and checker of the settings, which `make contract`
 * sets directly), and each may be given as that variable instead.
 */
export const CONTRACT_COMMAND = defineCommand({
  usage: 'stacks-api-contract [flags] [FILTER...]',
  about: [
    'Runs the contract suite against a target and writes contract-coverage.md, contract-junit.xml and',
    'contract-exchanges.jsonl to its own reports/runs/<run>/ (reports/latest links to the last run).',
    'Exit code 0: the target keeps the contract.',
  ],
  options: {
    'base-url': {
      type: 'string',
      env: 'BASE_URL',
      placeholder: 'URL',
      description: 'the target, e.g. https://staging.example.org (unset: the in-process mock)',
    },
    'api-key': {
      type: 'string',
      env: 'API_KEY',
      placeholder: 'KEY',
      description: 'sent as X-API-Key; prefer the env variable in CI, off the command line',
    },
    target: {
      type: 'path',
      env: 'TARGET',
      description: "target file (JSON); loopback base URLs default to the mock's default world",
    },
    kind: {
      type: 'string',
      env: 'CONTRACT_TARGET_KIND',
      placeholder: 'mock|live',
      description: 'the target kind (default: live with a base URL, else mock)',
    },
    'max-requests': {
      type: 'string',
      env: 'MAX_REQUESTS',
      placeholder: 'N',
      description: 'the most requests a run may send (default 1500)',
    },
    'timeout-ms': {
      type: 'string',
      env: 'CONTRACT_TIMEOUT_MS',
      placeholder: 'MS',
      description: 'timeout of one request (default 15000)',
    },
    rpm: {
      type: 'string',
      env: 'CONTRACT_RPM',
      placeholder: 'N',
      description: "client-side requests per minute (default: the target's limit; 0 = off, loopback only)",
    },
    'max-retry-after-s': {
      type: 'string',
      env: 'CONTRACT_MAX_RETRY_AFTER_S',
      placeholder: 'S',
      description: 'the longest retry-after to wait for (default 120)',
    },
    'rate-limit-test': {
      type: 'boolean',
      env: 'CONTRACT_RATE_LIMIT_TEST',
      description: 'provoke 429 (spends the quota)',
    },
    'max-walk-pages': {
      type: 'string',
      env: 'CONTRACT_MAX_WALK_PAGES',
      placeholder: 'N',
      description: 'pages a pagination walk may read (default 20)',
    },
    explore: {
      type: 'string',
      env: 'CONTRACT_EXPLORE',
      placeholder: 'N',
      description:
        'cases the exploration draws (default 200; 30 against a rate-limited target without a key; 0 = off)',
    },
    seed: {
      type: 'string',
      env: 'CONTRACT_SEED',
      placeholder: 'N',
      description:
        "the exploration's seed: the same seed sends the same requests (default: a new one, printed)",
    },
    'stream-wait': {
      type: 'string',
      env: 'CONTRACT_STREAM_WAIT',
      placeholder: 'S',
      description:
        "seconds the live-update checks wait for the next block (default: three times the target's median block time)",
    },
    'key-required': {
      type: 'string',
      env: 'CONTRACT_KEY_REQUIRED',
      placeholder: '1|0',
      description: 'the target answers 401 without a key (over the target file)',
    },
    'invalid-key-rejected': {
      type: 'string',
      env: 'CONTRACT_INVALID_KEY_REJECTED',
      placeholder: '1|0',
      description: 'the target answers 403 to a key it does not know (over the target file)',
    },
    'report-deprecated': {
      type: 'path',
      env: 'CONTRACT_REPORT_DEPRECATED',
      description:
        "no run: which deprecated operations an app's recorded traffic (a HAR, or the validation proxy's report) called, and their successors",
    },
    release: {
      type: 'string',
      env: 'CONTRACT_RELEASE',
      placeholder: 'VERSION',
      description: 'the release whose deprecations --report-deprecated reads: 9.0.2 (default) or 8.11.6',
    },
    'report-dir': {
      type: 'path',
      env: 'CONTRACT_REPORT_DIR',
      default: 'reports',
      description: 'where the reports go',
    },
  },
  arguments: [
    {
      name: 'filter',
      variadic: true,
      description:
        'run only the test files whose path holds one of these, as vitest reads its filters (e.g. every-operation, get_block); default: all',
    },
  ],
});

/** Variables the suite reads that are not settings: how a run and its own processes agree. */
export const INTERNAL_VARIABLES = ['CONTRACT_RUN_ID', 'CONTRACT_RUN_DIR'];

/** A run as the command line asks for it: the suite's environment, and which test files run (none named: all). */
export interface ContractCli {
  env: Record<string, string>;
  filters: string[];
}

/**
 * The suite's environment from flags over `env`: a flag wins over its variable. Paths are taken
 * relative to `cwd`, and the reports go to `cwd`/reports unless told otherwise.
 */
export function parseContractCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): ContractCli | 'help' {
  const values = parseCommand(CONTRACT_COMMAND, argv, env);
  if (values === 'help') return 'help';
  const out: Record<string, string> = {};
  for (const [name, option] of Object.entries(CONTRACT_COMMAND.options)) {
    const value = values[name as keyof typeof CONTRACT_COMMAND.options];
    if (value === undefined || value === '' || value === false) continue;
    out[option.env] = value === true ? '1' : option.type === 'path' ? resolve(cwd, value) : value;
  }
  if (out.CONTRACT_TARGET_KIND === 'prism')
    throw new UsageError(
      '--kind prism needs this repository (make contract-prism); the package runs mock or live',
    );
  return { env: out, filters: values.filter };
}

/**
 * The filters that name none of the suite's test files (`ext`: from the sources or the package),
 * by vitest's rule for its own: a file runs when its path from the root holds a filter, in any
 * case. vitest itself would only say it found no test file.
 */
export function unmatchedFilters(filters: string[], ext: 'ts' | 'js'): string[] {
  const files = readdirSync(join(ROOT, 'contract-tests'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(`.contract.test.${ext}`))
    .map((file) => `contract-tests/${file}`.toLowerCase());
  return filters.filter((filter) => !files.some((file) => file.includes(filter.toLowerCase())));
}
