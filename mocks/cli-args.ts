import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { COMMANDS } from '../spec/commands.ts';
import { listOperations, loadSpec } from '../spec/load.ts';
import { DEFAULT_RELEASE, operationAsOf, RELEASES } from '../spec/releases/releases.ts';
import { parseDeprecated } from './http/deprecation.ts';
import { HOSTED_RATE_LIMITS, withDefaults, type MockOptions } from './options.ts';
import { DEFAULT_BLOCKS, MIN_BLOCKS } from './world/options.ts';

interface Flag {
  env: string;
  kind: 'int' | 'number' | 'string' | 'bool' | 'list';
  help: string;
  /** Smallest value of an int or number (default 0). */
  min?: number;
  /** Largest value of an int or number. */
  max?: number;
  /** The values a string may take; for an int, words it takes besides numbers. */
  choices?: string[];
}

/** Every flag and the environment variable that sets it when the flag is not given. */
export const FLAGS: Record<string, Flag> = {
  port: {
    env: 'MOCK_PORT',
    kind: 'int',
    max: 65535,
    help: 'port to listen on (default 3999, the real service port; 0 = any free port)',
  },
  host: { env: 'MOCK_HOST', kind: 'string', help: 'address to bind (default 127.0.0.1)' },
  seed: { env: 'MOCK_SEED', kind: 'int', help: 'world seed: same seed, same world (default 1)' },
  'api-version': {
    env: 'MOCK_API_VERSION',
    kind: 'string',
    choices: RELEASES.map((r) => r.version),
    help: `the real service's release to answer as: ${RELEASES.map((r) => r.version).join(' or ')} (default ${DEFAULT_RELEASE})`,
  },
  deprecated: {
    env: 'MOCK_DEPRECATED',
    kind: 'string',
    help: 'warn (default), gone (every deprecated operation answers 410, as at the sunset) or gone:OPERATION_ID,…',
  },
  'deprecation-headers': {
    env: 'MOCK_DEPRECATION_HEADERS',
    kind: 'bool',
    help: 'add RFC 9745 Deprecation and Link rel="successor-version" to deprecated answers',
  },
  network: {
    env: 'MOCK_NETWORK',
    kind: 'string',
    choices: ['mainnet', 'testnet'],
    help: 'mainnet (SP/SM addresses) or testnet (ST/SN) (default mainnet)',
  },
  blocks: {
    env: 'MOCK_BLOCKS',
    kind: 'int',
    min: MIN_BLOCKS,
    help: `world size in blocks, at least ${MIN_BLOCKS} (default ${DEFAULT_BLOCKS}, about 6 transactions each)`,
  },
  'api-key': {
    env: 'MOCK_API_KEYS',
    kind: 'list',
    help: 'a valid API key; repeatable (env: comma-separated); without any, every key is accepted',
  },
  'api-key-file': {
    env: 'MOCK_API_KEY_FILE',
    kind: 'string',
    help: 'file with valid API keys, one per line (keeps keys off the command line)',
  },
  'require-api-key': {
    env: 'MOCK_REQUIRE_API_KEY',
    kind: 'bool',
    help: 'answer 401 to requests without a key (with or without --api-key)',
  },
  'rate-limit': {
    env: 'MOCK_RATE_LIMIT',
    kind: 'int',
    choices: ['hosted'],
    help: `requests per minute per client IP without a key (default 0 = unlimited); hosted = the hosted gateway's ${HOSTED_RATE_LIMITS.rateLimit} per IP and ${HOSTED_RATE_LIMITS.rateLimitKey} per key, with its headers`,
  },
  'rate-limit-key': {
    env: 'MOCK_RATE_LIMIT_KEY',
    kind: 'int',
    help: 'requests per minute per API key (default 0 = unlimited; --rate-limit hosted sets 500)',
  },
  latency: { env: 'MOCK_LATENCY', kind: 'int', help: 'milliseconds added to every response (default 0)' },
  'fault-rate': {
    env: 'MOCK_FAULT_RATE',
    kind: 'number',
    max: 1,
    help: 'share of requests answered with a seeded random 5xx, 0..1 (default 0)',
  },
  'block-time': {
    env: 'MOCK_BLOCK_TIME',
    kind: 'int',
    help: 'mine a block every N seconds (default 0 = off: the chain moves only on POST /_mock/mine)',
  },
  'genesis-time': {
    env: 'MOCK_GENESIS_TIME',
    kind: 'int',
    help: 'unix seconds of block 1 (default 1704067200, 2024-01-01); fixed, so replicas agree',
  },
  recent: {
    env: 'MOCK_RECENT',
    kind: 'bool',
    help: 'shift block times so the tip is the start time (near the present; not reproducible)',
  },
  'control-token': {
    env: 'MOCK_CONTROL_TOKEN',
    kind: 'string',
    help: 'secret for POST /_mock/* (header X-Control-Token); needed off loopback, else 403',
  },
  world: {
    env: 'MOCK_WORLD',
    kind: 'string',
    help: 'world file (YAML or JSON) declaring your accounts, tokens and transactions',
  },
  quiet: { env: 'MOCK_QUIET', kind: 'bool', help: 'no request log' },
  'trust-proxy': {
    env: 'MOCK_TRUST_PROXY',
    kind: 'bool',
    help: 'take the client address from X-Forwarded-For',
  },
};

export class UsageError extends Error {}

export function usage(): string {
  const lines = Object.entries(FLAGS).map(([name, f]) => {
    const arg = f.kind === 'bool' ? '' : f.kind === 'list' ? ' KEY' : ' VALUE';
    return `  --${(name + arg).padEnd(22)} ${f.help} [${f.env}]`;
  });
  const cli = COMMANDS.mockCli;
  return [
    `Usage: ${cli} [flags]${cli === COMMANDS.mock ? '' : `   (or ${COMMANDS.mock} ARGS="[flags]")`}`,
    '',
    ...lines,
    '  --help                 this text',
    '',
    `${cli} export --from URL --address SP… [--address …] [--out FILE]`,
    '       a world file (for --world) from what a running mock answers for those addresses',
    `${cli} event-stream --out FILE [--seed N] [--network …] [--blocks N] [--world FILE] [--genesis-time T]`,
    "       the world as a stacks-node's event stream (TSV), for the real service's import-events",
    `${cli} proxy --upstream URL --port N --report FILE [--host 127.0.0.1]`,
    '       the validation proxy: forwards to URL and reports every answer that breaks the spec',
    `Each subcommand's --help tells its flags.`,
  ].join('\n');
}

/** What a flag takes, in the words every error uses: `--seed needs a non-negative integer, got "-1"`. */
function needs(flag: Flag): string {
  const min = flag.min ?? 0;
  switch (flag.kind) {
    case 'int': {
      const integer =
        flag.max !== undefined
          ? `an integer from ${min} to ${flag.max}`
          : min === 0
            ? 'a non-negative integer'
            : `an integer of at least ${min}`;
      return flag.choices ? `${integer} or ${flag.choices.join(', ')}` : integer;
    }
    case 'number':
      return `a number from ${min} to ${flag.max ?? 'any'}`;
    case 'bool':
      return 'true or false';
    default:
      return flag.choices ? `one of ${flag.choices.join(', ')}` : 'a value';
  }
}

/** `source` is how the user gave the value: `--seed` or `MOCK_SEED`. */
function parseValue(source: string, flag: Flag, raw: string): number | string | boolean {
  const refuse = (): never => {
    throw new UsageError(`${source} needs ${needs(flag)}, got "${raw}"`);
  };
  const min = flag.min ?? 0;
  switch (flag.kind) {
    case 'int':
      if (flag.choices?.includes(raw)) return raw;
      if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > (flag.max ?? Infinity)) refuse();
      return Number(raw);
    case 'number': {
      const n = Number(raw);
      if (raw.trim() === '' || !(n >= min && n <= (flag.max ?? Infinity))) refuse();
      return n;
    }
    case 'bool':
      if (!['true', 'false', '1', '0', ''].includes(raw)) refuse();
      return raw === 'true' || raw === '1' || raw === '';
    default:
      if (flag.choices && !flag.choices.includes(raw)) refuse();
      return raw;
  }
}

const CAMEL: Record<string, keyof MockOptions> = {
  port: 'port',
  host: 'host',
  seed: 'seed',
  'api-version': 'apiVersion',
  deprecated: 'deprecated',
  'deprecation-headers': 'deprecationHeaders',
  network: 'network',
  blocks: 'blocks',
  'require-api-key': 'requireApiKey',
  'rate-limit': 'rateLimit',
  'rate-limit-key': 'rateLimitKey',
  latency: 'latencyMs',
  'fault-rate': 'faultRate',
  world: 'world',
  quiet: 'quiet',
  'trust-proxy': 'trustProxy',
  'block-time': 'blockTime',
  'genesis-time': 'genesisTime',
  recent: 'recent',
  'control-token': 'controlToken',
};

function readKeyFile(path: string): string[] {
  try {
    return readFileSync(path, 'utf8')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
  } catch (err) {
    throw new UsageError(
      `--api-key-file cannot be read: ${path} (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

/** The flag a mistyped name most likely meant: within two edits (or a third of its length), else undefined. */
function nearestFlag(name: string): string | undefined {
  const scored = ['help', ...Object.keys(FLAGS)].map((known) => ({ known, d: editDistance(name, known) }));
  const best = scored.sort((a, b) => a.d - b.d)[0];
  return best && best.d <= Math.max(2, Math.floor(name.length / 3)) ? best.known : undefined;
}

/** Levenshtein's distance: the fewest single-character insertions, deletions or substitutions from a to b. */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(
        (row[j] ?? 0) + 1,
        (next[j - 1] ?? 0) + 1,
        (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    row = next;
  }
  return row[b.length] ?? 0;
}

type Given = Record<string, string | string[] | boolean>;

/**
 * The flags as given. Node's parseArgs in its lenient mode reads the tokens (so `--seed -1` is
 * the value "-1", not a puzzle about dashes); every mistake is then told in this file's words.
 */
function readFlags(argv: string[]): Given | 'help' {
  const { tokens } = parseArgs({
    args: argv,
    strict: false,
    allowPositionals: true,
    tokens: true,
    options: {
      help: { type: 'boolean' },
      ...Object.fromEntries(
        Object.entries(FLAGS).map(([name, f]) => [
          name,
          { type: f.kind === 'bool' ? ('boolean' as const) : ('string' as const) },
        ]),
      ),
    },
  });
  const given: Given = {};
  for (const token of tokens) {
    if (token.kind === 'positional') throw new UsageError(`unexpected argument "${token.value}"`);
    if (token.kind !== 'option') continue;
    if (token.name === 'help') return 'help';
    const flag = FLAGS[token.name];
    if (!flag) {
      const near = nearestFlag(token.name);
      throw new UsageError(`unknown flag ${token.rawName}${near ? ` (did you mean --${near}?)` : ''}`);
    }
    const source = `--${token.name}`;
    if (flag.kind === 'bool') {
      if (token.value !== undefined) throw new UsageError(`${source} takes no value, got "${token.value}"`);
      given[token.name] = true;
    } else if (token.value === undefined) {
      throw new UsageError(`${source} needs ${needs(flag)}, got nothing`);
    } else if (flag.kind === 'list') {
      given[token.name] = [...((given[token.name] as string[] | undefined) ?? []), token.value];
    } else {
      given[token.name] = token.value;
    }
  }
  return given;
}

/** Flags first, then their environment variables, then the defaults. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): MockOptions | 'help' {
  const given = readFlags(argv);
  if (given === 'help') return 'help';
  const partial: Partial<MockOptions> = {};
  const apiKeys: string[] = [];
  for (const [name, flag] of Object.entries(FLAGS)) {
    const value = given[name];
    const fromEnv = env[flag.env];
    if (flag.kind === 'list') {
      const list = (value as string[] | undefined) ?? (fromEnv ? fromEnv.split(',') : []);
      apiKeys.push(...list.map((k) => k.trim()).filter(Boolean));
      continue;
    }
    if (name === 'api-key-file') {
      const path = typeof value === 'string' ? value : fromEnv;
      if (path) apiKeys.push(...readKeyFile(path));
      continue;
    }
    let parsed: unknown;
    if (typeof value === 'boolean') parsed = value;
    else if (typeof value === 'string') parsed = parseValue(`--${name}`, flag, value);
    else if (fromEnv !== undefined) parsed = parseValue(flag.env, flag, fromEnv);
    else continue;
    const key = CAMEL[name];
    if (key) (partial as Record<string, unknown>)[key] = parsed;
  }
  partial.apiKeys = [...new Set(apiKeys)];
  // `hosted` names both limits; an explicit --rate-limit-key still wins for the keyed one.
  if ((partial.rateLimit as unknown) === 'hosted') {
    partial.rateLimit = HOSTED_RATE_LIMITS.rateLimit;
    partial.rateLimitKey ??= HOSTED_RATE_LIMITS.rateLimitKey;
  }
  try {
    const options = withDefaults(partial);
    // Which operations may be gone depends on the release: checked against the spec as it serves them.
    const ops = listOperations(loadSpec()).map((op) => operationAsOf(op, options.apiVersion));
    parseDeprecated(options.deprecated, ops);
    return options;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}
