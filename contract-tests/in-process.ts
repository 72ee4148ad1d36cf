import type { RequestListener } from 'node:http';
import type { Auth, MockWorld } from './targets/probe.ts';
import type { TargetFile } from './targets/target-file.ts';

/** What a target file of a mock says beyond its world: name, description, keys and limits. */
export interface MockTargetFacts {
  name: string;
  description: string;
  auth: Auth;
  rateLimit?: TargetFile['rateLimit'];
  generatedBy?: string;
}

/** The options of an in-process mock the suite asks for: its limits and its keys. */
export interface InProcessOptions {
  rateLimit: number;
  rateLimitKey: number;
  apiKeys?: string[];
  requireApiKey?: boolean;
}

/**
 * What the suite needs of a mock that runs in its own process: a request listener, and the
 * target file of a mock's world. Whoever runs the suite with the mock hands it over
 * (bin/in-process-mock.ts, named by vitest.config.ts and by the stacks-api-contract bin): the
 * suite is target-agnostic and never imports the mock.
 */
export interface InProcessMock {
  /** A quiet mock with these options, as a node:http request listener. */
  listener(options: InProcessOptions): RequestListener;
  /**
   * Resolves once the mocks made so far can answer without a pause of their own (the Clarity
   * engine started on the suite's thread): the suite sends its first request after it.
   */
  ready(): Promise<void>;
  /** The target file of a mock's world, built from the world itself; the same world gives the same file. */
  targetOf(world: MockWorld, facts: MockTargetFacts): Promise<TargetFile>;
}

const KEY = Symbol.for('stacks-api-contract.in-process-mock');
const shared = globalThis as typeof globalThis & { [KEY]?: InProcessMock };

export function provideInProcessMock(mock: InProcessMock): void {
  shared[KEY] = mock;
}

/** The in-process mock handed over, or one line saying how to run the suite with one. */
export function inProcessMock(): InProcessMock {
  const mock = shared[KEY];
  if (!mock)
    throw new Error(
      'no in-process mock was handed to the suite: run it with make contract or stacks-api-contract, or set BASE_URL',
    );
  return mock;
}
