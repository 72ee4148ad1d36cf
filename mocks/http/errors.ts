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
  res.status(status).set('Cache-Control', 'no-store').json(errorBody(status, message, code));
}

/**
 * The last stage: whatever went wrong, the client gets the documented error body and never a
 * stack trace or a file path. Express marks client faults (a malformed percent-escape, say)
 * with a 4xx `status`; anything else is the mock's own fault and is a 500.
 */
export function errorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (err: unknown, _req, res, _next) => {
    const status = typeof (err as { status?: unknown })?.status === 'number' ? (err as { status: number }).status : 500;
    if (status >= 500) log(`internal error: ${err instanceof Error ? err.message : String(err)}`);
    if (res.headersSent) {
      res.end();
      return;
    }
    const message =
      status === 400 && err instanceof URIError ? 'malformed percent-encoding in the URL' : status >= 500 ? 'An internal server error occurred' : STATUS_CODES[status] ?? 'Error';
    sendError(res, status >= 400 && status <= 599 ? status : 500, message);
  };
}
