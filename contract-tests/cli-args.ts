import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

interface Flag {
  /** The environment variable the suite reads (contract-tests/config.ts); the flag sets it. */
  env: string;
  kind: 'value' | 'path' | 'switch';
  help: string;
}

/** Every flag of `stacks-api-contract`; each may be given as its environment variable instead. */
export const CONTRACT_FLAGS: Record<string, Flag> = {
  'base-url': {
    env: 'BASE_URL',
    kind: 'value',
    help: 'the target, e.g. https://staging.example.org (unset: the in-process mock)',
  },
  'api-key': {
    env: 'API_KEY',
    kind: 'value',
    help: 'sent as X-API-Key; prefer the env variable in CI, off the command line',
  },
  target: {
    env: 'TARGET',
    kind: 'path',
    help: "target file (JSON); loopback base URLs default to the mock's default world",
  },
  kind: {
    env: 'CONTRACT_TARGET_KIND',
    kind: 'value',
    help: 'mock or live (default: live with a base URL, else mock)',
  },
  'max-requests': {
    env: 'MAX_REQUESTS',
    kind: 'value',
    help: 'the most requests a run may send (default 1500)',
  },
  'timeout-ms': { env: 'CONTRACT_TIMEOUT_MS', kind: 'value', help: 'timeout of one request (default 15000)' },
  rpm: {
    env: 'CONTRACT_RPM',
    kind: 'value',
    help: "client-side requests per minute (default: the target's limit; 0 = off, loopback only)",
  },
  'max-retry-after-s': {
    env: 'CONTRACT_MAX_RETRY_AFTER_S',
    kind: 'value',
    help: 'the longest retry-after to wait for (default 120)',
  },
  'rate-limit-test': {
    env: 'CONTRACT_RATE_LIMIT_TEST',
    kind: 'switch',
    help: 'provoke 429 (spends the quota)',
  },
  'max-walk-pages': {
    env: 'CONTRACT_MAX_WALK_PAGES',
    kind: 'value',
    help: 'pages a pagination walk may read (default 20)',
  },
  explore: {
    env: 'CONTRACT_EXPLORE',
    kind: 'value',
    help: 'cases the exploration draws (default 200; 30 against a rate-limited target without a key; 0 = off)',
  },
  seed: {
    env: 'CONTRACT_SEED',
    kind: 'value',
    help: "the exploration's seed: the same seed sends the same requests (default: a new one, printed)",
  },
  'stream-wait': {
    env: 'CONTRACT_STREAM_WAIT',
    kind: 'value',
    help: "seconds the live-update checks wait for the next block (default: twice the target's block time)",
  },
  'key-required': {
    env: 'CONTRACT_KEY_REQUIRED',
    kind: 'value',
    help: 'the target answers 401 without a key: 1 or 0 (over the target file)',
  },
  'invalid-key-rejected': {
    env: 'CONTRACT_INVALID_KEY_REJECTED',
    kind: 'value',
    help: 'the target answers 403 to a key it does not know: 1 or 0 (over the target file)',
  },
  'report-deprecated': {
    env: 'CONTRACT_REPORT_DEPRECATED',
    kind: 'path',
    help: "no run: which deprecated operations an app's recorded traffic (a HAR, or the validation proxy's report) called, and their successors",
  },
  release: {
    env: 'CONTRACT_RELEASE',
    kind: 'value',
    help: 'the release whose deprecations --report-deprecated reads: 9.0.2 (default) or 8.11.6',
  },
  'report-dir': {
    env: 'CONTRACT_REPORT_DIR',
    kind: 'path',
    help: 'where the reports go (default ./reports)',
  },
};

/** Variables the suite reads that are not settings: how a run and its own processes agree. */
export const INTERNAL_VARIABLES = ['CONTRACT_RUN_ID', 'CONTRACT_RUN_DIR'];

export class ContractUsageError extends Error {}

export function contractUsage(): string {
  const lines = Object.entries(CONTRACT_FLAGS).map(([name, f]) => {
    const arg = f.kind === 'switch' ? '' : f.kind === 'path' ? ' PATH' : ' VALUE';
    return `  --${(name + arg).padEnd(24)} ${f.help} [${f.env}]`;
  });
  return [
    'Usage: stacks-api-contract [flags]',
    '',
    'Runs the contract suite against a target and writes contract-coverage.md, contract-junit.xml and',
    'contract-exchanges.jsonl to its own reports/runs/<run>/ (reports/latest links to the last run).',
    'Exit code 0: the target keeps the contract.',
    '',
    ...lines,
    '  --help                     this text',
  ].join('\n');
}

/**
 * The suite's environment from flags over `env`: a flag wins over its variable. Paths are taken
 * relative to `cwd`, and the reports go to `cwd`/reports unless told otherwise.
 */
export function parseContractCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Record<string, string> | 'help' {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        help: { type: 'boolean' },
        ...Object.fromEntries(
          Object.entries(CONTRACT_FLAGS).map(([name, f]) => [
            name,
            { type: f.kind === 'switch' ? ('boolean' as const) : ('string' as const) },
          ]),
        ),
      },
    }));
  } catch (err) {
    throw new ContractUsageError((err as Error).message);
  }
  if (values.help) return 'help';
  const out: Record<string, string> = {};
  for (const [name, flag] of Object.entries(CONTRACT_FLAGS)) {
    const given = values[name];
    const raw = given === true ? '1' : typeof given === 'string' ? given : env[flag.env];
    if (raw === undefined || raw === '') continue;
    out[flag.env] = flag.kind === 'path' ? resolve(cwd, raw) : raw;
  }
  if (out.CONTRACT_TARGET_KIND === 'prism')
    throw new ContractUsageError(
      '--kind prism needs this repository (make contract-prism); the package runs mock or live',
    );
  out.CONTRACT_REPORT_DIR ??= resolve(cwd, 'reports');
  return out;
}
