import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, Response } from 'express';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
}

/** The real service's error body (Fastify's shape): every 4xx and 5xx carries it. */
export function errorBody(status: number, message: string, code?: string): ErrorBody {
  return { statusCode: status, error: STATUS_CODES[status] ?? 'Error', message, ...(code ? { code } : {}) };
}

export function sendError(res: Response, status: number, message: string, code?: string): void {
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .json(errorBody(status, message, code));
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
    // the error handler itself throw, or Express's fallback would answer with a stack trace.
    return 'an unprintable value was thrown';
  }
}

/**
 * The last stage: whatever went wrong, the client gets the documented error body and never a
 * stack trace or a file path. Express marks client faults (a malformed percent-escape, say)
 * with a 4xx `status`; anything else is the mock's own fault and is a 500.
 */
export function errorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (err: unknown, _req, res, _next) => {
    const marked = (err as { status?: unknown } | null)?.status;
    const status = typeof marked === 'number' && marked >= 400 && marked <= 499 ? marked : 500;
    if (status === 500) log(`internal error: ${loggableError(err)}`);
    if (res.headersSent) {
      res.end();
      return;
    }
    const message =
      status === 400 && err instanceof URIError
        ? 'malformed percent-encoding in the URL'
        : status === 500
          ? 'An internal server error occurred'
          : (STATUS_CODES[status] ?? 'Error');
    sendError(res, status, message);
  };
}
