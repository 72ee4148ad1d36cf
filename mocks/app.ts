import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createMock } from './create-mock.ts';
import { serveNode } from './http/node/serve.ts';
import type { MockKernel, MockSources } from './kernel.ts';
import type { MockOptions } from './options.ts';
import type { LiveChain } from './control/live-chain.ts';
import type { ServerRequest } from '../spec/http/request.ts';
import type { HttpResponse } from '../spec/http/response.ts';

/** The mock as a node:http request listener: what the server, `startMock` and the tests serve. */
export type MockApp = RequestListener & {
  readonly mock: MockKernel;
  /** The living chain: its queries (what the API answers from) and its controls. */
  readonly live: LiveChain;
  readonly options: MockOptions;
};

/** Sees every request with its answer, as a tool that records what a run sent (scripts/record-suite-requests.ts). */
export type Tap = (request: ServerRequest, answer: HttpResponse) => void;

/**
 * The kernel (mocks/kernel.ts) behind a node:http listener; with `tap`, each answer shown to it
 * first. `sources`: the Node sources with the world file's own contracts already run
 * (`runWorldContracts`, as startMockServer does).
 */
export function createMockApp(partial: Partial<MockOptions> = {}, tap?: Tap, sources?: MockSources): MockApp {
  const mock = createMock(partial, sources);
  const handle = tap ? tapped(mock.handle, tap) : mock.handle;
  const listener: (req: IncomingMessage, res: ServerResponse) => void = serveNode(handle, {
    trustProxy: mock.options.trustProxy,
  });
  return Object.assign(listener, { mock, live: mock.live, options: mock.options });
}

function tapped(handle: MockKernel['handle'], tap: Tap): MockKernel['handle'] {
  const shown = (request: ServerRequest, answer: HttpResponse): HttpResponse => {
    tap(request, answer);
    return answer;
  };
  return (request) => {
    const answer = handle(request);
    return answer instanceof Promise ? answer.then((later) => shown(request, later)) : shown(request, answer);
  };
}
