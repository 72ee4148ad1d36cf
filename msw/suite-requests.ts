import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The recorded list: msw/suite-requests.json, written by `npm run msw:record-suite`. */
export const SUITE_REQUESTS = fileURLToPath(new URL('./suite-requests.json', import.meta.url));

/** The mock's limits when the list is recorded and replayed: the suite sends ~170 requests a world, as fast as it can. */
export const SUITE_LIMITS = { rateLimit: 0, rateLimitKey: 0 } as const;

/** One request the contract suite sent, as it reached the mock: headers in the case the client wrote them. */
export interface SuiteRequest {
  method: string;
  url: string;
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
