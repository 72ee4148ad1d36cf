import type { AddressInfo } from 'node:net';
import { startMockServer } from '../mocks/server.ts';
import type { MockOptions } from '../mocks/options.ts';
import type { WorldIndex } from '../mocks/query/catalogue.ts';

/** The mock's options (the flags of `stacks-api-mock`); anything left out takes the flag's default. */
export type StartMockOptions = Partial<MockOptions>;

/** A running mock, as `startMock` returns it. */
export interface Mock {
  /** Base address, e.g. `http://127.0.0.1:41234`; the API's paths go after it. */
  readonly url: string;
  readonly port: number;
  /** The world index, as served at `/_mock/world`: addresses, transaction ids and blocks to query. */
  readonly world: WorldIndex;
  /** Stops listening and closes idle connections. */
  close(): Promise<void>;
}

/**
 * Starts the mock on `options.host` (default 127.0.0.1) and `options.port` (default 3999; 0 picks
 * a free port) and resolves once it answers. Same options, same world, same answers.
 */
export async function startMock(options: StartMockOptions = {}): Promise<Mock> {
  const running = await startMockServer(options);
  return {
    url: running.url,
    port: (running.server.address() as AddressInfo).port,
    get world() {
      return running.world.index();
    },
    close: () => running.close(),
  };
}
