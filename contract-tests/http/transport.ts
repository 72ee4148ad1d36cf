import type { RequestListener } from 'node:http';
import { httpClient, HttpTimeoutError } from '../../spec/http/client.ts';
import type { HttpResponse } from '../../spec/http/response.ts';

/** The method, when not GET, and the body of an operation that takes one. */
export interface SendOptions {
  method?: string;
  body?: string;
}

/** Sends one request (a GET unless told) and answers what came back, whatever the status. */
export type Transport = (
  pathAndQuery: string,
  headers: Record<string, string>,
  timeoutMs: number,
  send?: SendOptions,
) => Promise<HttpResponse>;

/**
 * The one HTTP client (spec/http/client.ts) against an in-process request listener (the mock's
 * app) or a base URL (which may carry a path prefix). Redirects are not followed: a 3xx is an
 * answer to check, not a detour; a body is read for what it is, whatever its content type says.
 */
export function httpTransport(target: RequestListener | string): Transport {
  const client = httpClient(target);
  return async (pathAndQuery, headers, timeoutMs, send = {}) => {
    try {
      return await client.send(
        {
          method: (send.method ?? 'GET').toUpperCase(),
          target: pathAndQuery,
          headers,
          ...(send.body === undefined ? {} : { body: send.body }),
        },
        { timeoutMs },
      );
    } catch (err) {
      if (err instanceof HttpTimeoutError)
        throw new Error(`no answer within ${timeoutMs} ms (CONTRACT_TIMEOUT_MS)`, { cause: err });
      throw err;
    }
  };
}
