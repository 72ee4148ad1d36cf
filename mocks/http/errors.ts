import { JSON_TYPE } from './caching.ts';
import { STATUS_TEXTS } from './status-texts.ts';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
}

/** The real service's error body (Fastify's shape): every 4xx and 5xx carries it. */
export function errorBody(status: number, message: string, code?: string): ErrorBody {
  return { statusCode: status, error: STATUS_TEXTS[status] ?? 'Error', message, ...(code ? { code } : {}) };
}

const utf8 = new TextEncoder();

/**
 * The headers and bytes of an error answer, after the `headers` the stages set so far: never
 * cached (`no-store`, or another non-cacheable `cacheControl`; `null`: no Cache-Control, as for a
 * request refused by schema validation), the error body as JSON.
 */
export function errorParts(
  headers: string[],
  status: number,
  message: string,
  code?: string,
  cacheControl: string | null = 'no-store',
): { headers: string[]; body: Uint8Array } {
  const body = utf8.encode(JSON.stringify(errorBody(status, message, code)));
  if (cacheControl !== null) headers.push('Cache-Control', cacheControl);
  headers.push('Content-Type', JSON_TYPE, 'Content-Length', String(body.length));
  return { headers, body };
}

/**
 * What the log may say about an unexpected error: its first line, with file paths blanked, so
 * a stack trace or the mock's file layout never reaches a log a user may paste in an issue.
 */
export function loggableError(err: unknown): string {
  try {
    const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
    return firstLine.replace(/(?:file:\/\/)?(?:[A-Za-z]:)?(?:[\\/][\w.@~+-]+){2,}/g, '<path>').slice(0, 300);
  } catch {
    // Something thrown that cannot be printed (no prototype, a throwing getter) must not make
    // the error handler itself throw, or a framework's fallback would answer with a stack trace.
    return 'an unprintable value was thrown';
  }
}

/** The 404 of a path no route serves, in the real service's wording; the path cut to 200 characters. */
export function routeNotFound(method: string, path: string): string {
  return `Route ${method}:${path.slice(0, 200)} not found`;
}

/**
 * The API's 404 for a request no route serves, as the real service's router (Fastify's default
 * handler) writes it, measured on v8.11.6 for a v3 path: `no-store`, and the body's keys in its
 * order (`message`, `error`, `statusCode`), the message naming the request target with its query.
 */
export function routeNotFoundParts(
  headers: string[],
  method: string,
  target: string,
): { headers: string[]; body: Uint8Array } {
  const body = utf8.encode(
    JSON.stringify({ message: routeNotFound(method, target), error: 'Not Found', statusCode: 404 }),
  );
  headers.push('Cache-Control', 'no-store', 'Content-Type', JSON_TYPE, 'Content-Length', String(body.length));
  return { headers, body };
}

/** What the client is told of an unexpected error: the status, and never what went wrong inside. */
export function unexpectedError(err: unknown): { status: number; message: string } {
  const marked = (err as { status?: unknown } | null)?.status;
  const status = typeof marked === 'number' && marked >= 400 && marked <= 499 ? marked : 500;
  const message =
    status === 400 && err instanceof URIError
      ? 'malformed percent-encoding in the URL'
      : status === 500
        ? 'An internal server error occurred'
        : (STATUS_TEXTS[status] ?? 'Error');
  return { status, message };
}
