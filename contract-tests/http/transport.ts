import type { RequestListener } from 'node:http';
import { httpClient, HttpTimeoutError } from '../../spec/http/client.ts';
import type { HttpRequest } from '../../spec/http/request.ts';
import type { HttpResponse } from '../../spec/http/response.ts';

/** Sends one request (its target relative to the target's base) and answers what came back, whatever the status. */
export type Transport = (request: HttpRequest, timeoutMs: number) => Promise<HttpResponse>;

/**
 * The one HTTP client (spec/http/client.ts) against an in-process request listener (the mock's
 * app) or a base URL (which may carry a path prefix). Redirects are not followed: a 3xx is an
 * answer to check, not a detour; a body is read for what it is, whatever its content type says.
 */
export function httpTransport(target: RequestListener | string): Transport {
  const client = httpClient(target);
  return async (request, timeoutMs) => {
    try {
      return await client.send(request, { timeoutMs });
    } catch (err) {
      if (err instanceof HttpTimeoutError)
        throw new Error(`no answer within ${timeoutMs} ms (CONTRACT_TIMEOUT_MS)`, { cause: err });
      throw err;
    }
  };
}
