import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createMock } from './create-mock.ts';
import { serveNode } from './http/node/serve.ts';
import type { Mock, MockSources } from './kernel.ts';
import type { MockOptions } from './options.ts';
import type { LiveChain } from './control/live-chain.ts';

/** The mock as a node:http request listener: what the server, `startMock` and the tests serve. */
export type MockApp = RequestListener & {
  readonly mock: Mock;
  /** The living chain: its queries (what the API answers from) and its controls. */
  readonly live: LiveChain;
  readonly options: MockOptions;
};

/** The kernel (mocks/kernel.ts) behind a node:http listener. */
export function createMockApp(partial: Partial<MockOptions> = {}, sources?: MockSources): MockApp {
  const mock = createMock(partial, sources);
  const listener: (req: IncomingMessage, res: ServerResponse) => void = serveNode(mock.handle, {
    trustProxy: mock.options.trustProxy,
  });
  return Object.assign(listener, { mock, live: mock.live, options: mock.options });
}
