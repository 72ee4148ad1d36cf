import { DEFAULT_RELEASE, releaseProfile } from '../spec/releases/releases.ts';
import { DEFAULT_BLOCKS, resolveOptions, type WorldOptions } from './world/options.ts';
import { GENESIS_TIME } from './world/time.ts';
import type { NetworkName } from './world/tables/network.ts';

export interface MockOptions {
  port: number;
  host: string;
  seed: number;
  /** The release of the real service the mock answers as: one of `RELEASES` (default `DEFAULT_RELEASE`). */
  apiVersion: string;
  /** `warn` (default), `gone` (every deprecated operation answers 410) or `gone:<operationId>,…`. */
  deprecated: string;
  /** RFC 9745 `Deprecation` and `Link: <successor>; rel="successor-version"` on deprecated answers. */
  deprecationHeaders: boolean;
  network: NetworkName;
  /** World size in blocks. */
  blocks: number;
  apiKeys: string[];
  requireApiKey: boolean;
  /** Requests per minute per client IP without a key; 0 (the default) turns the limit off. */
  rateLimit: number;
  /** Requests per minute per API key; 0 (the default) turns the limit off. */
  rateLimitKey: number;
  /** Added to every response, in milliseconds. */
  latencyMs: number;
  /** Share of requests answered with an injected 5xx, from the seeded generator (0..1). */
  faultRate: number;
  quiet: boolean;
  /** A world file (YAML or JSON) declaring accounts, tokens and transactions; docs/world-files.md. */
  world?: string;
  /** Honour X-Forwarded-For for the client address (only behind a proxy you run). */
  trustProxy: boolean;
  /** Seconds between mined blocks; 0 = no clock (the chain moves only on control calls). */
  blockTime: number;
  /** Unix seconds of block 1; fixed by default so every run (and every replica) agrees. */
  genesisTime: number;
  /** Shift block times so the generated tip is the start time (near the present). */
  recent: boolean;
  /**
   * When the Clarity engine starts: `warm`, in the background once the mock listens (the CLI's
   * default: a person's first contract read does not wait); `lazy`, on the first request that
   * needs it (`startMock`'s default: a test run that reads no contract spends no CPU on it).
   */
  clarity: 'warm' | 'lazy';
  /** Secret for the control plane (`X-Control-Token`); without one, it is open on loopback only. */
  controlToken?: string;
  /** Where log lines go; stdout by default. */
  log: (line: string) => void;
  /** Milliseconds clock, replaceable in tests of the rate limiter. */
  now: () => number;
}

export const DEFAULT_OPTIONS: MockOptions = {
  port: 3999,
  host: '127.0.0.1',
  seed: 1,
  apiVersion: DEFAULT_RELEASE,
  deprecated: 'warn',
  deprecationHeaders: false,
  network: 'mainnet',
  blocks: DEFAULT_BLOCKS,
  apiKeys: [],
  requireApiKey: false,
  rateLimit: 0,
  rateLimitKey: 0,
  latencyMs: 0,
  faultRate: 0,
  quiet: false,
  trustProxy: false,
  blockTime: 0,
  genesisTime: GENESIS_TIME,
  recent: false,
  clarity: 'lazy',
  log: (line) => process.stdout.write(`${line}\n`),
  now: () => Date.now(),
};

/**
 * The hosted gateway's documented limits (50 requests a minute per IP without a key, 500 per
 * key), with its headers: `--rate-limit hosted`, or `startMock({ ...HOSTED_RATE_LIMITS })`. Off
 * by default: a mock on a developer's machine or in a test suite is not the shared gateway.
 */
export const HOSTED_RATE_LIMITS = { rateLimit: 50, rateLimitKey: 500 } as const;

export function withDefaults(partial: Partial<MockOptions> = {}): MockOptions {
  const options = { ...DEFAULT_OPTIONS, ...partial };
  if (!(options.faultRate >= 0 && options.faultRate <= 1))
    throw new Error(`fault rate must be between 0 and 1, not ${options.faultRate}`);
  for (const [name, value] of Object.entries({
    port: options.port,
    rateLimit: options.rateLimit,
    rateLimitKey: options.rateLimitKey,
    latencyMs: options.latencyMs,
    blockTime: options.blockTime,
  })) {
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`${name} must be a non-negative integer, not ${value}`);
  }
  releaseProfile(options.apiVersion);
  // The world's options have one validator, the world's own: what passes here, the world builds.
  resolveOptions(worldOptionsOf(options));
  if (options.controlToken !== undefined && options.controlToken.length < 8)
    throw new Error('control token must be at least 8 characters');
  return options;
}

/** The world the mock's options describe; `recent` reads the clock, so it is not reproducible. */
export function worldOptionsOf(options: MockOptions): Partial<WorldOptions> {
  return {
    seed: options.seed,
    network: options.network,
    blocks: options.blocks,
    genesisTime: options.genesisTime,
    ...(options.recent ? { tipTime: Math.floor(options.now() / 1000) } : {}),
  };
}
