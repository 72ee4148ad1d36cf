import {
  Agent as HttpAgent,
  createServer,
  request as httpRequest,
  type RequestListener,
  type Server,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { HttpRequest } from './request.ts';
import { HttpResponse } from './response.ts';

/** No answer within this fails a request (a bound for CI, far above any real answer time) unless told otherwise. */
const DEFAULT_TIMEOUT_MS = 10_000;

/** The request got no answer in time; its message names the request and the wait. */
export class HttpTimeoutError extends Error {
  override name = 'TimeoutError';
}

export interface HttpClientOptions {
  /** Reuse connections (the default); false: a new connection per request, closed after it. */
  keepAlive?: boolean;
  /** At most this many connections at once with keep-alive (default 8). */
  maxSockets?: number;
  /** The default wait for an answer, in ms. */
  timeoutMs?: number;
}

export interface HttpClient {
  /** Sends the request as given and reads the whole answer, whatever its status; redirects are answers too. */
  send(request: HttpRequest, opts?: { timeoutMs?: number }): Promise<HttpResponse>;
  /** `send` of a GET. */
  get(target: string, headers?: Readonly<Record<string, string>>): Promise<HttpResponse>;
  /** `send` of a POST, with `json` as its JSON body (labelled `application/json`) unless undefined. */
  post(target: string, json?: unknown, headers?: Readonly<Record<string, string>>): Promise<HttpResponse>;
  /** Closes the client's connections (and the loopback server of a listener target). */
  close(): Promise<void>;
}

/** Where requests go: a base URL, which may carry a path prefix, or a listener served on loopback on first use. */
export type HttpTarget = string | URL | RequestListener;

/**
 * The one small HTTP client of the tests and tools: node:http (node:https for an https base), the
 * bytes as they came (no decompression, no redirects followed, no header rewritten), a timeout.
 * An in-process request listener is served on 127.0.0.1 on first use, the way supertest does,
 * without keeping the process alive.
 */
export function httpClient(target: HttpTarget, opts: HttpClientOptions = {}): HttpClient {
  let server: Server | undefined;
  let base: Promise<URL> | undefined;
  const baseOf = (): Promise<URL> =>
    (base ??= typeof target === 'function' ? listen(target) : Promise.resolve(new URL(target)));
  async function listen(listener: RequestListener): Promise<URL> {
    const served = createServer(listener);
    server = served;
    served.on('connection', (socket) => socket.unref());
    await new Promise<void>((resolve, reject) => {
      served.once('error', reject);
      served.listen(0, '127.0.0.1', resolve);
    });
    served.unref();
    return new URL(`http://127.0.0.1:${(served.address() as AddressInfo).port}`);
  }
  const keepAlive = opts.keepAlive !== false;
  const agents = {
    http: keepAlive ? new HttpAgent({ keepAlive, maxSockets: opts.maxSockets ?? 8 }) : false,
    https: keepAlive ? new HttpsAgent({ keepAlive, maxSockets: opts.maxSockets ?? 8 }) : false,
  } as const;

  async function send(req: HttpRequest, sendOpts: { timeoutMs?: number } = {}): Promise<HttpResponse> {
    const url = await baseOf();
    const timeoutMs = sendOpts.timeoutMs ?? opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const secure = url.protocol === 'https:';
    const prefix = url.pathname.replace(/\/$/, '');
    return attempt(url, secure, prefix, req, timeoutMs, true);
  }

  /**
   * One try. A reset on a kept-alive socket the server had just closed as idle (the race Node's
   * documentation describes under `request.reusedSocket`) is tried again once, for a read: the
   * request never reached the server.
   */
  function attempt(
    url: URL,
    secure: boolean,
    prefix: string,
    req: HttpRequest,
    timeoutMs: number,
    again: boolean,
  ): Promise<HttpResponse> {
    return new Promise<HttpResponse>((resolve, reject) => {
      const sent = (secure ? httpsRequest : httpRequest)(
        {
          protocol: url.protocol,
          host: url.hostname,
          port: url.port,
          path: `${prefix}${req.target}`,
          method: req.method,
          headers: req.headers,
          agent: secure ? agents.https : agents.http,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () =>
            resolve(new HttpResponse(res.statusCode ?? 0, res.rawHeaders, Buffer.concat(chunks))),
          );
        },
      );
      sent.setTimeout(timeoutMs, () =>
        sent.destroy(
          new HttpTimeoutError(
            `no answer to ${req.method} ${req.target.slice(0, 120)} within ${timeoutMs} ms`,
          ),
        ),
      );
      sent.on('error', (err: NodeJS.ErrnoException) => {
        const idempotent = req.method === 'GET' || req.method === 'HEAD';
        if (again && idempotent && sent.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE'))
          resolve(attempt(url, secure, prefix, req, timeoutMs, false));
        else reject(err);
      });
      sent.end(req.body);
    });
  }

  return {
    send,
    get: (target, headers) => send({ method: 'GET', target, ...(headers && { headers }) }),
    post: (target, json, headers = {}) =>
      send({
        method: 'POST',
        target,
        ...(json === undefined
          ? { headers }
          : { headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(json) }),
      }),
    close: async () => {
      if (agents.http) agents.http.destroy();
      if (agents.https) agents.https.destroy();
      const served = server;
      if (served) {
        served.closeAllConnections();
        await new Promise<void>((resolve) => served.close(() => resolve()));
      }
    },
  };
}
