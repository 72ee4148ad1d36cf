import { JSON_TYPE } from './caching.ts';
import { errorParts } from './errors.ts';
import type { ServerRequest } from '../../spec/http/request.ts';
import { HttpResponse } from '../../spec/http/response.ts';

const utf8 = new TextEncoder();

/**
 * An answer of the mock's own paths (the spec's files, the catalogue, the home page, the
 * control plane), after the `headers` set so far: its type and length, the bytes but for HEAD.
 */
export function contentAnswer(
  request: ServerRequest,
  headers: string[],
  status: number,
  type: string,
  content: string | Uint8Array,
): HttpResponse {
  const body = typeof content === 'string' ? utf8.encode(content) : content;
  headers.push('Content-Type', type, 'Content-Length', String(body.length));
  return new HttpResponse(status, headers, request.method === 'HEAD' ? undefined : body);
}

/** A JSON value as the answer, never cached when `noStore`. */
export function jsonAnswer(
  request: ServerRequest,
  headers: string[],
  status: number,
  value: unknown,
  noStore = false,
): HttpResponse {
  if (noStore) headers.push('Cache-Control', 'no-store');
  return contentAnswer(request, headers, status, JSON_TYPE, JSON.stringify(value));
}

/** The documented error body, never cached. */
export function errorAnswer(
  request: ServerRequest,
  headers: string[],
  status: number,
  message: string,
): HttpResponse {
  const { body } = errorParts(headers, status, message);
  return new HttpResponse(status, headers, request.method === 'HEAD' ? undefined : body);
}
