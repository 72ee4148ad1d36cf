import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { withDefaults, type MockOptions, type Network } from './options.ts';

interface Flag {
  env: string;
  kind: 'int' | 'number' | 'string' | 'bool' | 'list';
  help: string;
}

/** Every flag and the environment variable that sets it when the flag is not given. */
export const FLAGS: Record<string, Flag> = {
  port: {
    env: 'MOCK_PORT',
    kind: 'int',
    help: 'port to listen on (default 3999, the real service port; 0 = any free port)',
  },
  host: { env: 'MOCK_HOST', kind: 'string', help: 'address to bind (default 127.0.0.1)' },
  seed: { env: 'MOCK_SEED', kind: 'int', help: 'world seed: same seed, same world (default 1)' },
  network: {
    env: 'MOCK_NETWORK',
    kind: 'string',
    help: 'mainnet (SP/SM addresses) or testnet (ST/SN) (default mainnet)',
  },
  blocks: {
    env: 'MOCK_BLOCKS',
    kind: 'int',
    help: 'world size in blocks (default 600, about 6 transactions each)',
  },
  'api-key': {
    env: 'MOCK_API_KEYS',
    kind: 'list',
    help: 'a valid API key; repeatable (env: comma-separated)',
  },
  'api-key-file': {
    env: 'MOCK_API_KEY_FILE',
    kind: 'string',
    help: 'file with valid API keys, one per line (keeps keys off the command line)',
  },
  'require-api-key': {
    env: 'MOCK_REQUIRE_API_KEY',
    kind: 'bool',
    help: 'answer 401 to requests without a key',
  },
  'rate-limit': {
    env: 'MOCK_RATE_LIMIT',
    kind: 'int',
    help: 'requests per minute per client IP without a key (default 50, 0 = off)',
  },
  'rate-limit-key': {
    env: 'MOCK_RATE_LIMIT_KEY',
    kind: 'int',
    help: 'requests per minute per API key (default 500, 0 = off)',
  },
  latency: { env: 'MOCK_LATENCY', kind: 'int', help: 'milliseconds added to every response (default 0)' },
  'fault-rate': {
    env: 'MOCK_FAULT_RATE',
    kind: 'number',
    help: 'share of requests answered with a seeded random 5xx, 0..1 (default 0)',
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
  return [
    'Usage: npm run mock -- [flags]   (in this repository; or make mock ARGS="[flags]")',
    '       stacks-api-mock [flags]   (the installed package)',
    '',
    ...lines,
    '  --help                 this text',
  ].join('\n');
}

function parseValue(name: string, flag: Flag, raw: string): number | string | boolean {
  switch (flag.kind) {
    case 'int': {
      if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} needs a non-negative integer, got "${raw}"`);
      return Number(raw);
    }
    case 'number': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n))
        throw new UsageError(`--${name} needs a number, got "${raw}"`);
      return n;
    }
    case 'bool': {
      if (!['true', 'false', '1', '0', ''].includes(raw))
        throw new UsageError(`${flag.env} must be true or false, got "${raw}"`);
      return raw === 'true' || raw === '1' || raw === '';
    }
    default:
      return raw;
  }
}

const CAMEL: Record<string, keyof MockOptions> = {
  port: 'port',
  host: 'host',
  seed: 'seed',
  network: 'network',
  blocks: 'blocks',
  'require-api-key': 'requireApiKey',
  'rate-limit': 'rateLimit',
  'rate-limit-key': 'rateLimitKey',
  latency: 'latencyMs',
  'fault-rate': 'faultRate',
  quiet: 'quiet',
  'trust-proxy': 'trustProxy',
};

function readKeyFile(path: string): string[] {
  try {
    return readFileSync(path, 'utf8')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
  } catch (err) {
    throw new UsageError(
      `cannot read the API key file ${path}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
}

/** Flags first, then their environment variables, then the defaults. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): MockOptions | 'help' {
  const { values } = (() => {
    try {
      return parseArgs({
        args: argv,
        strict: true,
        allowPositionals: false,
        options: {
          help: { type: 'boolean' },
          ...Object.fromEntries(
            Object.entries(FLAGS).map(([name, f]) => [
              name,
              {
                type: f.kind === 'bool' ? ('boolean' as const) : ('string' as const),
                multiple: f.kind === 'list',
              },
            ]),
          ),
        },
      });
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  })();
  if (values.help) return 'help';
  const partial: Partial<MockOptions> = {};
  const apiKeys: string[] = [];
  for (const [name, flag] of Object.entries(FLAGS)) {
    const given = values[name as keyof typeof values] as string | string[] | boolean | undefined;
    const fromEnv = env[flag.env];
    if (flag.kind === 'list') {
      const list = (given as string[] | undefined) ?? (fromEnv ? fromEnv.split(',') : []);
      apiKeys.push(...list.map((k) => k.trim()).filter(Boolean));
      continue;
    }
    if (name === 'api-key-file') {
      const path = typeof given === 'string' ? given : fromEnv;
      if (path) apiKeys.push(...readKeyFile(path));
      continue;
    }
    let value: unknown;
    if (typeof given === 'boolean') value = given;
    else if (typeof given === 'string') value = parseValue(name, flag, given);
    else if (fromEnv !== undefined) value = parseValue(name, flag, fromEnv);
    else continue;
    const key = CAMEL[name];
    if (key) (partial as Record<string, unknown>)[key] = value;
  }
  if (partial.network !== undefined && !['mainnet', 'testnet'].includes(partial.network)) {
    throw new UsageError(`--network must be mainnet or testnet, got "${partial.network as Network}"`);
  }
  partial.apiKeys = [...new Set(apiKeys)];
  try {
    return withDefaults(partial);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}
