import { http, type HttpHandler } from 'msw';
import type { Document } from '../spec/document.ts';
import { listAllOperations, listOperations } from '../spec/document.ts';
import { LiveChain, type SubmitRequest, type Tip } from '../mocks/control/live-chain.ts';
import type { ApiRequest, ApiResponse } from '../mocks/http/exchange.ts';
import { createMockPipeline } from '../mocks/http/mock-pipeline.ts';
import { routerOf } from '../mocks/http/routing.ts';
import { withDefaults, worldOptionsOf, type MockOptions } from '../mocks/options.ts';
import type { WorldCatalogue } from '../mocks/query/catalogue.ts';
import type { CompiledWorldFile } from '../mocks/world/declared/compile.ts';
import { resolveOptions } from '../mocks/world/options.ts';

/** The mock's options that shape the API's answers; each has the flag's default (docs/mock.md). */
export type StacksMswOptions = Partial<
  Pick<
    MockOptions,
    | 'seed'
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
  >
> & {
  /**
   * Where your app sends its requests: the handlers answer the eight operations under this base
   * (default: Hiro's API of the network, `https://api.hiro.so` or `https://api.testnet.hiro.so`).
   */
  baseUrl?: string;
  /** The client address the rate limit counts without a key (MSW sees no socket). */
  clientIp?: string;
};

/** What `Prefer` a request is answered as if it carried: an error or a delay on demand. */
export interface Preference {
  /** Any status the operation documents, e.g. 503. */
  code?: number;
  /** Milliseconds, up to 60000. */
  delay?: number;
  /** Only requests to this operation (default: all eight). */
  operationId?: string;
  /** Only the next n matching requests (default: until `clearPreferences()`). */
  times?: number;
}

/** The MSW handlers of the eight operations over one living chain, and the chain's controls. */
export interface StacksMsw {
  /** Pass them to `setupServer(...)` or `setupWorker(...)`. */
  readonly handlers: HttpHandler[];
  /** The world's catalogue, as `/_mock/world` serves it: addresses, transaction ids, blocks to query. */
  readonly world: WorldCatalogue;
  /** The base the handlers answer under. */
  readonly baseUrl: string;
  mine(blocks?: number): Tip;
  submit(tx: SubmitRequest): { tx_id: string };
  reorg(depth: number): Tip;
  reset(): Tip;
  /** Answer matching requests as if they carried `Prefer: code=…, delay=…` (errors on demand). */
  prefer(preference: Preference): void;
  clearPreferences(): void;
  /** Change the requests a minute allowed without a key and with one (0: unlimited). */
  setRateLimits(limits: { anonymous?: number; keyed?: number }): void;
  /** Stops the block clock (`blockTime`), if any. */
  close(): void;
}

const HIRO = { mainnet: 'https://api.hiro.so', testnet: 'https://api.testnet.hiro.so' } as const;

interface Pending extends Required<Pick<Preference, 'times'>> {
  header: string;
  operationId: string | undefined;
}

/**
 * The eight operations as MSW handlers, answered by the HTTP mock's own pipeline
 * (mocks/http/mock-pipeline.ts) over the same world: the same options and world file give the
 * same statuses, headers and bytes. `doc` is the spec, `controlDoc` the control plane's spec
 * (mine, submit, reorg check their arguments against it) and `declared` a compiled world file:
 * the Node and browser entries (msw/node.ts, msw/browser.ts) each get them their own way.
 */
export function createStacksMsw(
  doc: Document,
  controlDoc: Document,
  partial: StacksMswOptions,
  declared: CompiledWorldFile | undefined,
): StacksMsw {
  const { baseUrl: base, clientIp = '127.0.0.1', ...rest } = partial;
  const options = withDefaults({ ...rest, quiet: true, log: () => {} });
  const settings = {
    ...worldOptionsOf(options),
    ...(declared ? { ...declared.settings, declared: declared.declared } : {}),
  };
  const live = new LiveChain(resolveOptions(settings), controlDoc, options.blockTime);
  live.startClock();
  const { pipeline, limiter } = createMockPipeline(doc, live.queries, { ...options, log: () => {} }, live);
  const baseUrl = (base ?? HIRO[live.queries.options.network]).replace(/\/+$/, '');
  const prefix = new URL(`${baseUrl}/`);
  // Which operation a request is for, without decoding: a malformed escape is the pipeline's 400.
  const route = routerOf(listAllOperations(doc), { decode: false });
  const pending: Pending[] = [];

  /** The operation a request is for, or undefined when it is not under the base or not one of the eight. */
  const operationOf = (request: Request): string | undefined => {
    const url = new URL(request.url);
    if (url.origin !== prefix.origin || !url.pathname.startsWith(prefix.pathname)) return undefined;
    return route(`/${url.pathname.slice(prefix.pathname.length)}`)?.route.operationId;
  };

  const preferenceFor = (operationId: string, sent: string | null): string | null => {
    if (sent !== null) return sent;
    const index = pending.findIndex((p) => p.operationId === undefined || p.operationId === operationId);
    if (index < 0) return null;
    const chosen = pending[index] as Pending;
    if (--chosen.times === 0) pending.splice(index, 1);
    return chosen.header;
  };

  const answer = async (request: Request, operationId: string): Promise<Response> => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    const prefer = preferenceFor(operationId, request.headers.get('prefer'));
    if (prefer !== null) headers.prefer = prefer;
    const apiRequest: ApiRequest = {
      method: request.method,
      url: `/${url.pathname.slice(prefix.pathname.length)}${url.search}`,
      headers,
      ip: clientIp,
      onClose: (listener) => request.signal.addEventListener('abort', listener, { once: true }),
      readBody: async (limit) => {
        const bytes = new Uint8Array(await request.arrayBuffer());
        if (bytes.length > limit) throw Object.assign(new Error('the body is too large'), { status: 413 });
        return bytes;
      },
    };
    return toResponse(await pipeline(apiRequest));
  };

  const handlers = listAllOperations(doc).map((op) =>
    http.all(
      ({ request }) => operationOf(request) === op.operationId,
      ({ request }) => answer(request, op.operationId),
    ),
  );

  return {
    handlers,
    get world() {
      return live.queries.catalogue();
    },
    baseUrl,
    mine: (blocks) => live.mine(blocks),
    submit: (tx) => live.submit(tx),
    reorg: (depth) => live.reorg(depth),
    reset: () => live.reset(),
    prefer: (preference) => {
      const parts = [
        ...(preference.code !== undefined ? [`code=${preference.code}`] : []),
        ...(preference.delay !== undefined ? [`delay=${preference.delay}`] : []),
      ];
      if (parts.length === 0) throw new Error('prefer needs a code, a delay or both');
      const times = preference.times ?? Number.POSITIVE_INFINITY;
      if (!(times >= 1)) throw new Error(`times must be at least 1, got ${times}`);
      if (
        preference.operationId !== undefined &&
        !listOperations(doc).some((op) => op.operationId === preference.operationId)
      )
        throw new Error(
          `no operation ${preference.operationId}: one of ${listOperations(doc)
            .map((op) => op.operationId)
            .join(', ')}`,
        );
      pending.push({ header: parts.join(', '), operationId: preference.operationId, times });
    },
    clearPreferences: () => void pending.splice(0),
    setRateLimits: (limits) => {
      for (const [kind, value] of Object.entries(limits)) {
        if (value === undefined) continue;
        if (!Number.isInteger(value) || value < 0)
          throw new Error(`${kind} must be a non-negative integer, not ${value}`);
        limiter.limits[kind as 'anonymous' | 'keyed'] = value;
      }
    },
    close: () => live.stopClock(),
  };
}

/** The pipeline's answer as a `fetch` Response: the same status, headers (fetch joins repeats) and bytes. */
function toResponse(answer: ApiResponse): Response {
  const headers = new Headers();
  for (let i = 0; i < answer.headers.length; i += 2)
    headers.append(answer.headers[i] as string, answer.headers[i + 1] as string);
  const body =
    answer.body === undefined || answer.status === 204 || answer.status === 304
      ? null
      : (answer.body as BodyInit);
  return new Response(body, { status: answer.status, headers });
}
