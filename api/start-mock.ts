import type { AddressInfo } from 'node:net';
import { startMockServer } from '../mocks/server.ts';
import type { MockOptions } from '../mocks/options.ts';
import { controlsOf, type MockControls } from '../mocks/kernel.ts';

export { ControlError, type SubmitRequest, type Tip } from '../mocks/control/live-chain.ts';

/** The mock's options (the flags of `stacks-api-mock`); anything left out takes the flag's default. */
export type StartMockOptions = Partial<MockOptions>;

/** A running mock, as `startMock` returns it: the living chain's controls, its address, `close`. */
export interface Mock extends MockControls {
  /** Base address, e.g. `http://127.0.0.1:41234`; the API's paths go after it. */
  readonly url: string;
  readonly port: number;
  /** Stops listening and closes idle connections. */
  close(): Promise<void>;
}

/**
 * Starts the mock on `options.host` (default 127.0.0.1) and `options.port` (default 3999; 0 picks
 * a free port) and resolves once it answers. Same options, same world, same answers.
 */
export async function startMock(options: StartMockOptions = {}): Promise<Mock> {
  const running = await startMockServer(options);
  return Object.assign(controlsOf(running.live), {
    url: running.url,
    port: (running.server.address() as AddressInfo).port,
    close: () => running.close(),
  });
}
