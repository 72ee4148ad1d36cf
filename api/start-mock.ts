import { startMockServer } from '../mocks/server.ts';
import type { Mock } from '../mocks/mock-handle.ts';
import type { MockOptions } from '../mocks/options.ts';

export { ControlError, type SubmitRequest, type Tip } from '../mocks/control/live-chain.ts';
export type { Listening, Mock, MockControls, Preference } from '../mocks/mock-handle.ts';

/** The mock's options (the flags of `stacks-api-mock`); anything left out takes the flag's default. */
export type StartMockOptions = Partial<MockOptions>;

/**
 * Starts the mock on `options.host` (default 127.0.0.1) and `options.port` (default 3999; 0 picks
 * a free port) and resolves once it answers: its `url` and `port`, and the controls every door
 * has. Same options, same world, same answers.
 */
export function startMock(options: StartMockOptions = {}): Promise<Mock> {
  // The command line's server and its handle: its type shows only where it listens.
  return startMockServer(options);
}
