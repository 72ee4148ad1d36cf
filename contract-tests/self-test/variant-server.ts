import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMockApp, type ListenerDoor } from '../../mocks/app.ts';
import type { Mock } from '../../mocks/mock-handle.ts';
import type { Announcement, LiveChannel } from '../../mocks/live/announcement.ts';
import { serveLiveUpdates } from '../../mocks/live/node/serve-live.ts';
import { operationMatcher } from '../../spec/load.ts';
import { releaseProfile } from '../../spec/releases/releases.ts';
import { operations } from '../spec-context.ts';

/** The request as a variant may rewrite it before the mock sees it. */
export interface VariantRequest {
  operationId: string | undefined;
  url: URL;
}

/** The answer as a variant may rewrite it before the client sees it. */
export interface VariantResponse {
  operationId: string | undefined;
  url: URL;
  status: number;
  /** The headers in the one shape (spec/http/response.ts): set, change or delete one by its lower-cased name. */
  headers: Record<string, string>;
  /** The parsed JSON body; undefined when the answer has none (a 304). */
  body: unknown;
}

export interface Variant {
  name: string;
  /** What is broken, in words. */
  breaks: string;
  /** The tests (`describe > … > test`) of which at least one must fail: the right test catches it. */
  caughtBy: RegExp[];
  /** What the catching test's failure must say, when the message matters (the page a walk went wrong at, say). */
  failureMentions?: RegExp;
  /** Cases the exploration draws against this variant: few, unless the variant is one only the exploration can catch. */
  explore?: number;
  request?(req: VariantRequest): void;
  response?(res: VariantResponse): void;
  /** Rewrites an announcement of the live channels, on a copy: each subscriber gets the variant's. */
  announcement?(a: Announcement): void;
  /**
   * Seconds between the blocks of the variant's own mock, whose chain moves so that its stream
   * has something to announce; unset: the shared mock, which mines nothing.
   */
  blockTime?: number;
}

const matchOperation = operationMatcher(operations);
function operationOf(pathname: string): string | undefined {
  return matchOperation(pathname)?.operationId;
}

/**
 * Rewrites the JSON of every answer at `end`, the one call every way of sending goes through
 * (send, json, a prepared Buffer), so the variant does not depend on how the mock sends.
 */
function rewriteAnswers(
  res: ServerResponse,
  request: VariantRequest,
  rewrite: NonNullable<Variant['response']>,
): void {
  // The mock writes its API answers with one writeHead(status, [name, value, …]): held back as
  // set headers, so the rewrite below still sees and changes them before anything is sent.
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, headers?: unknown) => {
    // Node's own call from end() (status only) writes the head as it is now.
    if (!Array.isArray(headers)) return writeHead(status, headers);
    res.statusCode = status;
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i] as string, headers[i + 1] as string);
    return res;
  }) as ServerResponse['writeHead'];
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const text =
      chunk instanceof Uint8Array
        ? Buffer.from(chunk).toString('utf8')
        : typeof chunk === 'string'
          ? chunk
          : undefined;
    let body: unknown;
    try {
      body = text === undefined ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    const sent = headersOf(res);
    const answer: VariantResponse = { ...request, status: res.statusCode, headers: { ...sent }, body };
    rewrite(answer);
    for (const name of Object.keys(sent)) if (!(name in answer.headers)) res.removeHeader(name);
    for (const [name, value] of Object.entries(answer.headers))
      if (sent[name] !== value) res.setHeader(name, value);
    if (body === undefined) {
      // No JSON (a 304, say): only the status and headers can change.
      res.statusCode = answer.status;
      return end(chunk, ...rest);
    }
    const out = Buffer.from(JSON.stringify(answer.body), 'utf8');
    res.statusCode = answer.status;
    res.setHeader('Content-Length', out.length);
    return end(out);
  }) as ServerResponse['end'];
}

/** The headers set on a response so far, in the one shape (Node lower-cases their names). */
function headersOf(res: ServerResponse): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders()))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  return headers;
}

/**
 * The mock with one thing broken: a request listener that rewrites requests on the way in and
 * JSON answers (status, body, headers) on the way out, around an unchanged mock app.
 */
export function variantApp(mock: RequestListener, variant: Variant): RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://variant');
    const operationId = operationOf(url.pathname);
    if (variant.request) {
      variant.request({ operationId, url });
      // As a rewriting proxy would send it.
      req.url = `${url.pathname}${url.search}`;
    }
    if (variant.response) rewriteAnswers(res, { operationId, url }, variant.response);
    mock(req, res);
  };
}

export interface RunningVariant {
  url: string;
  close(): Promise<void>;
}

function isListenerDoor(listener: RequestListener | Mock<ListenerDoor>): listener is Mock<ListenerDoor> {
  return 'kernel' in listener;
}

/** The announcements as the variant breaks them, each channel's copy rewritten on its way out. */
function rewrittenUpdates(
  app: Mock<ListenerDoor>,
  rewrite: Variant['announcement'],
): Pick<Mock<ListenerDoor>['kernel']['updates'], 'attach'> {
  const { updates } = app.kernel;
  if (!rewrite) return updates;
  return {
    attach: (channel: LiveChannel) =>
      updates.attach({
        wants: (topic) => channel.wants(topic),
        wantsPrefix: (prefix) => channel.wantsPrefix(prefix),
        send: (a, topic) => {
          const copy = structuredClone(a);
          rewrite(copy);
          channel.send(copy, topic);
        },
      }),
  };
}

/**
 * The variant on a loopback port; given the mock's app (not a bare listener), its live channels
 * too. A variant with a `blockTime` gets a mock of its own, whose clock runs while it is served.
 */
export async function serveVariant(
  mock: RequestListener | Mock<ListenerDoor>,
  variant: Variant,
): Promise<RunningVariant> {
  const own = variant.blockTime
    ? createMockApp({ quiet: true, rateLimit: 0, rateLimitKey: 0, blockTime: variant.blockTime })
    : undefined;
  const app = own ?? mock;
  const server: Server = createServer(variantApp(app, variant));
  const live = isListenerDoor(app)
    ? serveLiveUpdates(
        server,
        rewrittenUpdates(app, variant.announcement),
        releaseProfile(app.options.apiVersion),
      )
    : undefined;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  own?.live.startClock();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      own?.live.stopClock();
      await live?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
