import { readFileSync } from 'node:fs';
import { defineCommand, UsageError } from '../spec/command-line/declaration.ts';
import { helpText } from '../spec/command-line/help.ts';
import { parseCommand } from '../spec/command-line/parse.ts';
import { COMMANDS } from '../spec/commands.ts';
import { listOperations, loadSpec } from '../spec/load.ts';
import { DEFAULT_RELEASE, operationAsOf, RELEASES } from '../spec/releases/releases.ts';
import { parseDeprecated } from './http/deprecation.ts';
import { DEFAULT_OPTIONS, HOSTED_RATE_LIMITS, withDefaults, type MockOptions } from './options.ts';
import { MIN_BLOCKS } from './world/options.ts';

/** The flags that describe the world, shared with the commands that build one (event-stream). */
export const WORLD_OPTIONS = {
  seed: {
    type: 'integer',
    env: 'MOCK_SEED',
    default: DEFAULT_OPTIONS.seed,
    description: 'world seed: same seed, same world',
  },
  network: {
    type: 'string',
    env: 'MOCK_NETWORK',
    choices: ['mainnet', 'testnet'],
    default: DEFAULT_OPTIONS.network,
    description: 'mainnet (SP/SM addresses) or testnet (ST/SN)',
  },
  blocks: {
    type: 'integer',
    env: 'MOCK_BLOCKS',
    min: MIN_BLOCKS,
    default: DEFAULT_OPTIONS.blocks,
    description: `world size in blocks, at least ${MIN_BLOCKS}, about 6 transactions each`,
  },
  world: {
    type: 'path',
    env: 'MOCK_WORLD',
    placeholder: 'FILE',
    description: 'world file (YAML or JSON) declaring your accounts, tokens and transactions',
  },
  'genesis-time': {
    type: 'integer',
    env: 'MOCK_GENESIS_TIME',
    placeholder: 'T',
    default: DEFAULT_OPTIONS.genesisTime,
    description: 'unix seconds of block 1, fixed so replicas agree; 1704067200 is 2024-01-01',
  },
} as const;

/** The mock's command line: every flag, its variable and its default. */
export const MOCK_COMMAND = defineCommand({
  usage: `${COMMANDS.mockCli} [flags]${COMMANDS.mockCli === COMMANDS.mock ? '' : `   (or ${COMMANDS.mock} ARGS="[flags]")`}`,
  options: {
    port: {
      type: 'integer',
      env: 'MOCK_PORT',
      max: 65535,
      default: DEFAULT_OPTIONS.port,
      description: "port to listen on, the real service's by default; 0 = any free port",
    },
    host: {
      type: 'string',
      env: 'MOCK_HOST',
      default: DEFAULT_OPTIONS.host,
      description: 'address to bind',
    },
    seed: WORLD_OPTIONS.seed,
    'api-version': {
      type: 'string',
      env: 'MOCK_API_VERSION',
      choices: RELEASES.map((r) => r.version),
      default: DEFAULT_RELEASE,
      description: "the real service's release to answer as",
    },
    deprecated: {
      type: 'string',
      env: 'MOCK_DEPRECATED',
      placeholder: 'MODE',
      default: DEFAULT_OPTIONS.deprecated,
      description:
        'warn, gone (every deprecated operation answers 410, as at the sunset) or gone:ID,… (those only)',
    },
    'deprecation-headers': {
      type: 'boolean',
      env: 'MOCK_DEPRECATION_HEADERS',
      description: 'add RFC 9745 Deprecation and Link rel="successor-version" to deprecated answers',
    },
    network: WORLD_OPTIONS.network,
    blocks: WORLD_OPTIONS.blocks,
    'api-key': {
      type: 'list',
      env: 'MOCK_API_KEYS',
      placeholder: 'KEY',
      description: 'a valid API key (env: comma-separated); without any, every key is accepted',
    },
    'api-key-file': {
      type: 'path',
      env: 'MOCK_API_KEY_FILE',
      description: 'file with valid API keys, one per line (keeps keys off the command line)',
    },
    'require-api-key': {
      type: 'boolean',
      env: 'MOCK_REQUIRE_API_KEY',
      description: 'answer 401 to requests without a key (with or without --api-key)',
    },
    'rate-limit': {
      type: 'integer',
      env: 'MOCK_RATE_LIMIT',
      words: ['hosted'],
      default: DEFAULT_OPTIONS.rateLimit,
      description: `requests per minute per client IP without a key (0 = unlimited); hosted = the hosted gateway's ${HOSTED_RATE_LIMITS.rateLimit} per IP and ${HOSTED_RATE_LIMITS.rateLimitKey} per key, with its headers`,
    },
    'rate-limit-key': {
      type: 'integer',
      env: 'MOCK_RATE_LIMIT_KEY',
      description: `requests per minute per API key (0 = unlimited, the default; --rate-limit hosted sets ${HOSTED_RATE_LIMITS.rateLimitKey})`,
    },
    latency: {
      type: 'integer',
      env: 'MOCK_LATENCY',
      placeholder: 'MS',
      default: DEFAULT_OPTIONS.latencyMs,
      description: 'milliseconds added to every response',
    },
    'fault-rate': {
      type: 'number',
      env: 'MOCK_FAULT_RATE',
      max: 1,
      placeholder: 'P',
      default: DEFAULT_OPTIONS.faultRate,
      description: 'share of requests answered with a seeded random 5xx, 0..1',
    },
    'block-time': {
      type: 'integer',
      env: 'MOCK_BLOCK_TIME',
      default: DEFAULT_OPTIONS.blockTime,
      description: 'mine a block every N seconds; 0 = off, the chain moves only on POST /_mock/mine',
    },
    'genesis-time': WORLD_OPTIONS['genesis-time'],
    recent: {
      type: 'boolean',
      env: 'MOCK_RECENT',
      description: 'shift block times so the tip is the start time (near the present; not reproducible)',
    },
    'control-token': {
      type: 'string',
      env: 'MOCK_CONTROL_TOKEN',
      placeholder: 'T',
      description: 'secret for POST /_mock/* (header X-Control-Token); needed off loopback, else 403',
    },
    world: WORLD_OPTIONS.world,
    clarity: {
      type: 'string',
      env: 'MOCK_CLARITY',
      choices: ['warm', 'lazy'],
      default: 'warm',
      description:
        'when the Clarity engine starts: warm = in the background once listening; lazy = on the first request that needs it (no CPU spent on it otherwise)',
    },
    quiet: { type: 'boolean', env: 'MOCK_QUIET', description: 'no request log' },
    'trust-proxy': {
      type: 'boolean',
      env: 'MOCK_TRUST_PROXY',
      description: 'take the client address from X-Forwarded-For',
    },
  },
  footer: [
    `${COMMANDS.mockCli} export [flags]         a world file (for --world) from what a running mock answers for some addresses`,
    `${COMMANDS.mockCli} event-stream [flags]   the world as a stacks-node's event stream (TSV), for the real service's import-events`,
    `${COMMANDS.mockCli} proxy [flags]          the validation proxy: forwards to a URL and reports every answer that breaks the spec`,
    "Each subcommand's --help tells its flags.",
  ],
});

export function usage(): string {
  return helpText(MOCK_COMMAND);
}

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

/** The mock's options: flags first, then their environment variables, then the defaults. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): MockOptions | 'help' {
  const v = parseCommand(MOCK_COMMAND, argv, env);
  if (v === 'help') return 'help';
  const keyFile = v['api-key-file'];
  // `hosted` names both limits; an explicit --rate-limit-key still wins for the keyed one.
  const rateLimit = v['rate-limit'];
  const hosted = rateLimit === 'hosted';
  const partial: Partial<MockOptions> = {
    port: v.port,
    host: v.host,
    seed: v.seed,
    apiVersion: v['api-version'],
    deprecated: v.deprecated,
    deprecationHeaders: v['deprecation-headers'],
    network: v.network,
    blocks: v.blocks,
    apiKeys: [...new Set([...v['api-key'], ...(keyFile ? readKeyFile(keyFile) : [])])],
    requireApiKey: v['require-api-key'],
    rateLimit: rateLimit === 'hosted' ? HOSTED_RATE_LIMITS.rateLimit : rateLimit,
    rateLimitKey:
      v['rate-limit-key'] ?? (hosted ? HOSTED_RATE_LIMITS.rateLimitKey : DEFAULT_OPTIONS.rateLimitKey),
    latencyMs: v.latency,
    faultRate: v['fault-rate'],
    blockTime: v['block-time'],
    genesisTime: v['genesis-time'],
    recent: v.recent,
    clarity: v.clarity,
    quiet: v.quiet,
    trustProxy: v['trust-proxy'],
    ...(v['control-token'] !== undefined ? { controlToken: v['control-token'] } : {}),
    ...(v.world !== undefined ? { world: v.world } : {}),
  };
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
