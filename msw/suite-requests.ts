import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HttpRequest } from '../spec/http/request.ts';

/** The recorded list: msw/suite-requests.json, written by `npm run msw:record-suite`. */
export const SUITE_REQUESTS = fileURLToPath(new URL('./suite-requests.json', import.meta.url));

/** The mock's limits when the list is recorded and replayed: the suite sends ~170 requests a world, as fast as it can. */
export const SUITE_LIMITS = { rateLimit: 0, rateLimitKey: 0 } as const;

/** One request the contract suite sent, as it reached the mock (its headers always there), and what it got. */
export interface SuiteRequest extends HttpRequest {
  headers: Record<string, string>;
  /** What the mock answered when it was recorded: a replay that differs means the list is stale. */
  status: number;
}

/** A world the suite ran against, as `startMock` and `createStacksHandlers` take it. */
export interface SuiteWorld {
  name: string;
  options: { seed?: number; world?: string };
  /** The contract suite's TARGET: a target file, or '' to read the world through /_mock/world. */
  target: string;
  requests: SuiteRequest[];
}

export interface RecordedSuite {
  recorded: string;
  /** `suiteSourcesHash()` when the list was recorded: a replay under another hash is stale. */
  sources: string;
  worlds: SuiteWorld[];
}

/** The mock's options for a world of the list: its own, the limits, a world file's path from the repository's root. */
export function suiteOptions(
  world: Pick<SuiteWorld, 'options'>,
): { seed?: number; world?: string } & typeof SUITE_LIMITS {
  const file = world.options.world;
  return {
    ...world.options,
    ...(file ? { world: fileURLToPath(new URL(`../${file}`, import.meta.url)) } : {}),
    ...SUITE_LIMITS,
  };
}

export function readSuiteRequests(file = SUITE_REQUESTS): RecordedSuite {
  return JSON.parse(readFileSync(file, 'utf8')) as RecordedSuite;
}

const ROOT = new URL('../', import.meta.url);

/**
 * The files the fixed cases' requests come from: the cases, the operation, cross-operation and
 * live-update test files and their sources, discovery (target.ts), and the target and world files the list is recorded on.
 */
function suiteSources(): string[] {
  const tests = readdirSync(new URL('contract-tests/', ROOT), { recursive: true })
    .map(String)
    .filter(
      (f) =>
        (/^(cases|live)\//.test(f) && !f.endsWith('.test.ts')) ||
        /^(operations|cross|live)\/.*\.contract\.test\.ts$/.test(f),
    )
    .map((f) => `contract-tests/${f}`);
  return [
    ...tests,
    'contract-tests/target.ts',
    'fixtures/targets/mock-default.json',
    'fixtures/worlds/wallet.yaml',
  ].sort();
}

/** A SHA-256 over the suite's sources, each file's path and bytes. */
export function suiteSourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of suiteSources())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(new URL(file, ROOT)))
      .update('\0');
  return hash.digest('hex');
}
