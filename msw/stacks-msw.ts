import { http, type HttpHandler, type WebSocketHandler } from 'msw';
import type { ServerRequest } from '../spec/http/request.ts';
import type { HttpResponse } from '../spec/http/response.ts';
import { mockKernel, type MockSources } from '../mocks/kernel.ts';
import { mockHandle, type Mock } from '../mocks/mock-handle.ts';
import type { MockOptions } from '../mocks/options.ts';
import { liveUpdateHandlers } from './live-updates.ts';

/** The mock's options that shape the API's answers; each has the flag's default (docs/mock.md). */
export type StacksMswOptions = Partial<
  Pick<
    MockOptions,
    | 'seed'
    | 'apiVersion'
    | 'deprecated'
    | 'deprecationHeaders'
    | 'network'
    | 'blocks'
    | 'apiKeys'
    | 'requireApiKey'
    | 'rateLimit'
    | 'rateLimitKey'
    | 'latencyMs'
    | 'faultRate'
    | 'blockTime'
    | 'genesisTime'
    | 'recent'
    | 'now'
    | 'quiet'
  >
> & {
  /**
   * Where your app sends its requests: the handlers answer the API's operations under this base.
   * Default: the bases of the network that the official client and stacks.js use
   * (`https://api.mainnet.hiro.so`, and its older name `https://api.hiro.so`; or
   * `https://api.testnet.hiro.so`).
   */
  baseUrl?: string;
  /** The client address the rate limit counts without a key (MSW sees no socket). */
  clientIp?: string;
};

/** What only the MSW door has: its handlers and the bases they answer under. */
export interface MswDoor {
  /** Pass them to `setupServer(...)` or `setupWorker(...)`. */
  readonly handlers: HttpHandler[];
  /**
   * The live updates' JSON-RPC channel (`<base>/extended/v1/ws`, docs/live-updates.md), for
   * `setupServer(...handlers, ...liveHandlers)`: announced from the same chain.
   */
  readonly liveHandlers: WebSocketHandler[];
  /** The base the handlers answer under (the first of `baseUrls`). */
  readonly baseUrl: string;
  /** Every base the handlers answer under. */
  readonly baseUrls: string[];
}

/** The MSW handler of the API's operations over one living chain, with the controls of every door (`close` stops its block clock). */
export type StacksMsw = Mock<MswDoor>;

/**
 * Hiro's API by network, as @stacks/network (HIRO_MAINNET_URL, HIRO_TESTNET_URL) and the official
 * client (its BASE_PATH) default to; mainnet's older name too, which apps written before still use.
 */
const HIRO = {
  mainnet: ['https://api.mainnet.hiro.so', 'https://api.hiro.so'],
  testnet: ['https://api.testnet.hiro.so'],
} as const;

/**
 * The API's operations as one MSW handler over the mock's kernel (mocks/kernel.ts): the same
 * options and world file give the same statuses, headers and bytes as the HTTP mock. `sources`
 * are the documents and the world file, which the Node and browser entries (msw/node.ts,
 * msw/browser.ts) each get their own way.
 */
export function createStacksMsw(partial: StacksMswOptions, sources: MockSources): StacksMsw {
  const { baseUrl: base, clientIp = '127.0.0.1', quiet = false, ...rest } = partial;
  const mock = mockKernel({ ...rest, quiet: true, log: () => {} }, sources);
  const { live } = mock;
  live.startClock();
  const baseUrls = (base === undefined ? [...HIRO[live.queries.options.network]] : [base]).map((b) =>
    b.replace(/\/+$/, ''),
  );
  const prefixes = baseUrls.map((b) => new URL(`${b}/`));
  // Once, where the handlers are made: a request to another base goes to onUnhandledRequest.
  if (!quiet)
    console.info(
      `stacks-api-mock/msw answers ${baseUrls.join(' and ')} (${live.queries.options.network}; baseUrl sets another, quiet: true hides this line)`,
    );

  /** The request's path under the base it was sent to, or undefined when it is under none. */
  const pathOf = (url: URL): string | undefined => {
    const prefix = prefixes.find((p) => url.origin === p.origin && url.pathname.startsWith(p.pathname));
    return prefix && `/${url.pathname.slice(prefix.pathname.length)}`;
  };

  /** Whether a request is under the base and for one of the operations (any other goes to onUnhandledRequest). */
  const isServed = (request: Request): boolean => {
    const path = pathOf(new URL(request.url));
    // Undecoded: a malformed escape is the pipeline's 400.
    return path !== undefined && mock.isApiPath(path);
  };

  const answer = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    const served: ServerRequest = {
      method: request.method,
      target: `${pathOf(url) ?? url.pathname}${url.search}`,
      headers,
      ip: clientIp,
      onClose: (listener) => request.signal.addEventListener('abort', listener, { once: true }),
      readBody: async (limit) => {
        const bytes = new Uint8Array(await request.arrayBuffer());
        if (bytes.length > limit) throw Object.assign(new Error('the body is too large'), { status: 413 });
        return bytes;
      },
    };
    return toResponse(await mock.handle(served));
  };

  const handlers = [
    http.all(
      ({ request }) => isServed(request),
      ({ request }) => answer(request),
    ),
  ];

  return mockHandle(mock, {
    handlers,
    liveHandlers: liveUpdateHandlers(mock, baseUrls),
    baseUrl: baseUrls[0] as string,
    baseUrls,
  });
}

/** The kernel's answer as a `fetch` Response: the same status, headers (fetch joins repeats) and bytes. */
function toResponse(answer: HttpResponse): Response {
  const headers = new Headers();
  const raw = answer.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  const body =
    answer.bytes.length === 0 || answer.status === 204 || answer.status === 304
      ? null
      : (answer.bytes as ConstructorParameters<typeof Response>[0]);
  return new Response(body, { status: answer.status, headers });
}
