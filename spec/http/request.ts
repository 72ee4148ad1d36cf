import type { HttpHeaders } from './response.ts';

/**
 * An HTTP request as a client sends it: the method, the request target exactly as it goes on the
 * wire (path and query, no normalisation, no re-encoding), headers by name, and a body if any.
 */
export interface HttpRequest {
  method: string;
  target: string;
  headers?: Readonly<Record<string, string>>;
  body?: Uint8Array | string;
}

/**
 * The same request as a server received it, whoever received it: `node:http`
 * (mocks/http/node/serve.ts), MSW's `fetch` interception in Node or in a browser (msw/), or a
 * test handing it over in process. Its headers are always there and read as `HttpHeaders` (names
 * lower-cased, repeats joined with `, `, as Node and `fetch` both give them), and it knows what
 * only a server knows: the client's address, whether the client went away, and a body to read
 * on demand. Plain data, so the same stages give the same answer byte for byte wherever they run.
 */
export interface ServerRequest extends HttpRequest {
  readonly method: string;
  readonly target: string;
  readonly headers: HttpHeaders;
  /** The client's address, which the rate limit counts without a key; undefined when unknown. */
  readonly ip: string | undefined;
  /** Calls `listener` if the client goes away before the answer (a delayed answer stops waiting). */
  onClose?(listener: () => void): void;
  /**
   * The body, read on demand (only an operation or a control call that takes one reads it), at
   * most `limit` bytes: past it, rejects with an error marked 413. Without it, the body is
   * `body` as given (none when undefined).
   */
  readBody?(limit: number): Promise<Uint8Array>;
}
