import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerRequest } from '../../../spec/http/request.ts';
import type { HttpHeaders, HttpResponse } from '../../../spec/http/response.ts';
import { announceAnswering } from './answering-channel.ts';

/** A `node:http` request as the kernel reads it; the client's address and the body are read only when asked. */
class NodeServerRequest implements ServerRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: HttpHeaders;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly trustProxy: boolean,
  ) {
    this.method = req.method as string;
    this.target = req.url as string;
    // Node lower-cases and joins a request's headers as `HttpHeaders` says, but for `set-cookie`,
    // which it keeps as a list and which a client does not send: taken as they are, not copied.
    this.headers = req.headers as HttpHeaders;
  }

  /** The socket's peer, or behind a trusted proxy the first `X-Forwarded-For` entry. */
  get ip(): string | undefined {
    if (this.trustProxy) {
      const first = this.headers['x-forwarded-for']?.split(',')[0]?.trim();
      if (first) return first;
    }
    return this.req.socket.remoteAddress;
  }

  onClose(listener: () => void): void {
    this.res.once('close', listener);
  }

  readBody(limit: number): Promise<Uint8Array> {
    const { req } = this;
    const tooLarge = (): Error => Object.assign(new Error('the body is too large'), { status: 413 });
    if (Number(req.headers['content-length']) > limit) {
      req.resume();
      return Promise.reject(tooLarge());
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= limit) return void chunks.push(chunk);
        req.removeAllListeners('data');
        req.resume();
        reject(tooLarge());
      });
      req.once('end', () => resolve(Buffer.concat(chunks)));
      req.once('error', reject);
      req.once('close', () => reject(new Error('the client went away')));
    });
  }
}

/**
 * The kernel's `handle` as a `node:http` request listener: the answer is written with one
 * `writeHead` and the body. No closure is made per answered request: this is the path every
 * request takes.
 */
export function serveNode(
  handle: (request: ServerRequest) => HttpResponse | Promise<HttpResponse>,
  settings: { trustProxy: boolean },
): (req: IncomingMessage, res: ServerResponse) => void {
  const { trustProxy } = settings;
  const write = (res: ServerResponse, answer: HttpResponse): void => {
    announceAnswering();
    // Node only reads the list (its types ask for a mutable one); it is written as the pipeline cased and ordered it.
    res.writeHead(answer.status, answer.rawHeaders as string[]);
    res.end(answer.bytes.length === 0 ? undefined : answer.bytes);
  };
  return (req, res) => {
    const answer = handle(new NodeServerRequest(req, res, trustProxy));
    if (answer instanceof Promise) void answer.then((later) => write(res, later));
    else write(res, answer);
  };
}
