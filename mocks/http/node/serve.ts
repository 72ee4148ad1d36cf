import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiRequest, ApiResponse } from '../exchange.ts';
import type { ApiPipeline } from '../pipeline.ts';
import type { RequestObserver } from '../request-log.ts';

/** A `node:http` request as the pipeline reads it; the client's address is read only when asked. */
class NodeApiRequest implements ApiRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly trustProxy: boolean,
  ) {
    this.method = req.method as string;
    this.url = req.url as string;
    this.headers = req.headers;
  }

  /** As Express's `req.ip`: the socket's peer, or behind a trusted proxy the first `X-Forwarded-For` entry. */
  get ip(): string | undefined {
    if (this.trustProxy) {
      const forwarded = this.headers['x-forwarded-for'];
      const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
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
 * The pipeline as a `node:http` request listener: the answer is written with one `writeHead`
 * and the body, then logged (the console line and the home page's feed). No closure is made per
 * answered request: this is the path every request takes.
 */
export function servePipeline(
  pipeline: ApiPipeline,
  settings: { trustProxy: boolean; observe: RequestObserver | undefined },
): (req: IncomingMessage, res: ServerResponse) => void {
  const { trustProxy, observe } = settings;
  const write = (
    res: ServerResponse,
    request: NodeApiRequest,
    started: number,
    answer: ApiResponse,
  ): void => {
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
    observe?.({
      method: request.method,
      path: request.url,
      status: answer.status,
      ms: performance.now() - started,
    });
  };
  return (req, res) => {
    const started = observe ? performance.now() : 0;
    const request = new NodeApiRequest(req, res, trustProxy);
    const answer = pipeline(request);
    if (answer instanceof Promise) void answer.then((later) => write(res, request, started, later));
    else write(res, request, started, answer);
  };
}
