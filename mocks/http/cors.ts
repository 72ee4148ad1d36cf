/**
 * CORS as the real service sends it: it registers `@fastify/cors` with its defaults and
 * `exposedHeaders: ['X-API-Version']` (src/api/init.ts of v9.0.2 and v8.11.6): any origin, every
 * answer exposing that one header, and a preflight that allows the methods GET, HEAD and POST and
 * every header the browser asks for. The mock's own answers to `Prefer` (errors on demand) are
 * exposed too: the real service never sends them, so a browser app reads them only from the mock.
 */
const EXPOSED = ['X-API-Version', 'Preference-Applied', 'X-Mock-Prefer-Ignored'].join(', ');

/** The CORS headers of every answer (name, value, …): open, so browser apps can use the mock from any origin. */
export const CORS_HEADERS: readonly string[] = [
  'Access-Control-Allow-Origin',
  '*',
  'Access-Control-Expose-Headers',
  EXPOSED,
];

/** `@fastify/cors`'s default methods, which its preflight allows on every path. */
const ALLOWED_METHODS = 'GET,HEAD,POST';

/**
 * What a preflight answers after the CORS headers, given the request's headers (lower-case
 * names): the methods, the headers the browser asked for (reflected, whatever they are) and a
 * `Vary` on that request header; undefined when the request is no preflight, which
 * `@fastify/cors`'s strict mode refuses (a 400, see `INVALID_PREFLIGHT`).
 */
export function preflightHeaders(
  headers: Readonly<Record<string, string | undefined>>,
): string[] | undefined {
  if (!headers.origin || !headers['access-control-request-method']) return undefined;
  const requested = headers['access-control-request-headers'];
  return [
    'Access-Control-Allow-Methods',
    ALLOWED_METHODS,
    'Vary',
    'Access-Control-Request-Headers',
    ...(requested === undefined ? [] : ['Access-Control-Allow-Headers', requested]),
    'Content-Length',
    '0',
  ];
}

/** `@fastify/cors`'s plain-text answer to an `OPTIONS` without `Origin` or `Access-Control-Request-Method`. */
export const INVALID_PREFLIGHT = 'Invalid Preflight Request';
