import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createMock } from '../mocks/create-mock.ts';
import { mockHandle, type Mock } from '../mocks/mock-handle.ts';
import type { MockOptions } from '../mocks/options.ts';
import { isOwnPath } from '../mocks/http/own-routes.ts';
import { serveNode } from '../mocks/http/node/serve.ts';
import { serveLiveUpdates } from '../mocks/live/node/serve-live.ts';
import type { ServerRequest } from '../spec/http/request.ts';
import { HttpResponse } from '../spec/http/response.ts';
import { splitTarget } from '../spec/request/routing.ts';

/** Connect's `next`: Express 5, Connect and Vite's dev server call their next middleware with it. */
export type NextFunction = (err?: unknown) => void;

/** What only the middleware door has: it is the middleware, and it can serve the live channels. */
export interface MiddlewareDoor {
  (req: IncomingMessage, res: ServerResponse, next: NextFunction): void;
  /**
   * The live updates' channels (JSON-RPC at `<prefix>/extended/v1/ws`, socket.io at
   * `<prefix>/socket.io/`) on the app's server, which a middleware cannot reach by itself:
   * `mw.serveLive(app.listen(3000), '/api')`. Its `close()` ends them.
   */
  serveLive(server: Server, prefix?: string): { close(): Promise<void> };
}

/** The mock as a Connect-style middleware, with the controls of every door (`close` stops its block clock). */
export type StacksApiMiddleware = Mock<MiddlewareDoor>;

/**
 * The mock for an app that already runs an Express 5, Connect or Vite dev server, at any prefix
 * (`app.use('/api', stacksApiMiddleware())`): the API's paths, the spec (`/openapi.*`) and
 * `/_mock/…` are answered through the kernel's one `handle`, byte for byte as the mock's own
 * server answers them; every other path, `/` (the standalone server's home page) among them, goes
 * to `next()`. Mount it before a body parser: a POST's body is read from the request stream.
 */
export function stacksApiMiddleware(options: Partial<MockOptions> = {}): StacksApiMiddleware {
  const mock = createMock(options);
  mock.live.startClock();
  const settings = { trustProxy: mock.options.trustProxy };
  const plain = serveNode(mock.handle, settings);
  const knows = (url: string): boolean => {
    const { pathname } = splitTarget(url);
    if (isOwnPath(url)) return pathname !== '/' && pathname !== '';
    return mock.isApiPath(pathname);
  };
  const middleware = (req: IncomingMessage, res: ServerResponse, next: NextFunction): void => {
    const url = req.url ?? '/';
    if (!knows(url)) return next();
    const prefix = mountPrefix(req);
    // The one link the API writes (the deprecation's `Link`, opt-in) names paths from the root.
    if (prefix === '' || !mock.options.deprecationHeaders) return plain(req, res);
    serveNode((request: ServerRequest) => underPrefix(mock.handle(request), prefix), settings)(req, res);
  };
  const serveLive = (server: Server, prefix = ''): { close(): Promise<void> } =>
    serveLiveUpdates(server, mock.updates, mock.release, {}, prefix);
  return mockHandle(mock, Object.assign(middleware, { serveLive }));
}

/** Where the app mounted the middleware: Express and Connect strip it from `req.url` and keep `originalUrl`. */
function mountPrefix(req: IncomingMessage): string {
  const original = (req as IncomingMessage & { originalUrl?: string }).originalUrl;
  const url = req.url ?? '';
  if (original === undefined || original === url) return '';
  const path = splitTarget(original).pathname;
  const rest = splitTarget(url).pathname;
  return path.endsWith(rest) ? path.slice(0, path.length - rest.length) : '';
}

function underPrefix(
  answer: HttpResponse | Promise<HttpResponse>,
  prefix: string,
): HttpResponse | Promise<HttpResponse> {
  if (answer instanceof Promise) return answer.then((later) => linked(later, prefix));
  return linked(answer, prefix);
}

/** The answer with each root-relative `Link` target under the prefix. */
function linked(answer: HttpResponse, prefix: string): HttpResponse {
  const raw = [...answer.rawHeaders];
  let changed = false;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]?.toLowerCase() !== 'link') continue;
    raw[i + 1] = String(raw[i + 1]).replace(/<\//g, `<${prefix}/`);
    changed = true;
  }
  return changed ? new HttpResponse(answer.status, raw, answer.bytes) : answer;
}
