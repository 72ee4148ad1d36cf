import { Agent, request, type IncomingHttpHeaders } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  body: unknown;
}

export interface LoopbackClient {
  /** GET `path` exactly as given (no normalisation, no re-encoding) with these headers. */
  get(path: string, headers?: Record<string, string>): Promise<RawResponse>;
  close(): void;
}

/** No answer within this fails a request as a hang: a bound for CI, far above any real answer time. */
const HANG_MS = 10_000;

/**
 * A plain node:http client for a mock on loopback: real sockets, so Node's own parser and
 * limits answer too, which supertest's in-process server would hide.
 */
export function loopbackClient(
  baseUrl: string,
  opts: { keepAlive?: boolean; maxSockets?: number } = {},
): LoopbackClient {
  const { hostname, port } = new URL(baseUrl);
  const agent =
    opts.keepAlive === false ? false : new Agent({ keepAlive: true, maxSockets: opts.maxSockets ?? 8 });
  return {
    get: (path, headers = {}) =>
      new Promise<RawResponse>((resolve, reject) => {
        const req = request({ host: hostname, port, path, method: 'GET', headers, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown;
            if (/^application\/json/i.test(res.headers['content-type'] ?? '')) {
              try {
                body = JSON.parse(text);
              } catch {
                body = undefined;
              }
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
          });
        });
        req.setTimeout(HANG_MS, () =>
          req.destroy(
            new Error(`no answer to GET ${path.slice(0, 120)} within ${HANG_MS} ms: the mock hangs`),
          ),
        );
        req.on('error', reject);
        req.end();
      }),
    close: () => {
      if (agent) agent.destroy();
    },
  };
}
