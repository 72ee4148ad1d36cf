import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createMock } from './create-mock.ts';
import { serveNode } from './http/node/serve.ts';
import type { MockKernel, MockSources } from './kernel.ts';
import { kernelDoor, mockHandle, type KernelDoor, type Mock } from './mock-handle.ts';
import type { MockOptions } from './options.ts';
import type { ServerRequest } from '../spec/http/request.ts';
import type { HttpResponse } from '../spec/http/response.ts';

/** What only the listener door has: it is the node:http request listener the server and the tests serve. */
export type ListenerDoor = RequestListener & KernelDoor;

/** Sees every request with its answer, as a tool that records what a run sent (scripts/record-suite-requests.ts). */
export type Tap = (request: ServerRequest, answer: HttpResponse) => void;

/**
 * The kernel (mocks/kernel.ts) behind a node:http listener, with the controls of every door; with
 * `tap`, each answer shown to it first. `sources`: the Node sources with the world file's own
 * contracts already run (`runWorldContracts`, as startMockServer does). Its clock is not started:
 * the server that serves it starts it.
 */
export function createMockApp(
  partial: Partial<MockOptions> = {},
  tap?: Tap,
  sources?: MockSources,
): Mock<ListenerDoor> {
  const mock = createMock(partial, sources);
  const handle = tap ? tapped(mock.handle, tap) : mock.handle;
  const listener: (req: IncomingMessage, res: ServerResponse) => void = serveNode(handle, {
    trustProxy: mock.options.trustProxy,
  });
  return mockHandle(mock, Object.assign(listener, kernelDoor(mock)));
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
