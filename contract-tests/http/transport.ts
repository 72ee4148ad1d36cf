import type { RequestListener } from 'node:http';
import request from 'supertest';

export interface RawResponse {
  status: number;
  /** Lower-cased names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  text: string;
}

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
) => Promise<RawResponse>;

class TimeoutError extends Error {}

function flatten(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined)
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/**
 * supertest against an in-process request listener (the mock's app) or a base URL (which may carry a path prefix). The
 * body is kept as text so a JSON body with the wrong content type is still seen for what it is,
 * and redirects are not followed: a 3xx is an answer to check, not a detour.
 */
export function supertestTransport(target: RequestListener | string): Transport {
  return async (pathAndQuery, headers, timeoutMs, send = {}) => {
    const agent = request(target);
    let req = (send.method?.toLowerCase() === 'post' ? agent.post(pathAndQuery) : agent.get(pathAndQuery))
      .redirects(0)
      .ok(() => true)
      .timeout(timeoutMs);
    for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
    if (send.body !== undefined) req = req.send(send.body);
    req = req.buffer(true).parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });
    try {
      const res = await req;
      return {
        status: res.status,
        headers: flatten(res.headers as Record<string, string | string[]>),
        text: typeof res.body === 'string' ? res.body : '',
      };
    } catch (err) {
      if ((err as { timeout?: unknown }).timeout !== undefined)
        throw new TimeoutError(`no answer within ${timeoutMs} ms (CONTRACT_TIMEOUT_MS)`);
      throw err;
    }
  };
}
