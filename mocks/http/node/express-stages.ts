import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { errorBody, loggableError, routeNotFound, unexpectedError } from '../errors.ts';
import type { RequestObserver } from '../request-log.ts';
import { urlTooLong } from '../url-limit.ts';
import { preflight } from '../pipeline.ts';

/**
 * The stages in front of what is outside the API (the control plane, the home page, the spec
 * and world files), as Express middleware: the same URL limit, preflight and service headers as
 * the API's pipeline (mocks/http/pipeline.ts), from the same definitions.
 */
export function frontStages(serviceHeaders: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const tooLong = urlTooLong(req.originalUrl);
    if (tooLong !== undefined) return sendError(res, 414, tooLong);
    if (req.method === 'OPTIONS') {
      const answer = preflight();
      res.writeHead(answer.status, answer.headers).end();
      return;
    }
    for (let i = 0; i < serviceHeaders.length; i += 2)
      res.setHeader(serviceHeaders[i] as string, serviceHeaders[i + 1] as string);
    next();
  };
}

export function sendError(res: Response, status: number, message: string, code?: string): void {
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .json(errorBody(status, message, code));
}

/** One observation per request through Express, when its answer is sent; nothing is formatted on the request's path. */
export function requestLog(observe: RequestObserver): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.on('finish', () =>
      observe({
        method: req.method,
        path: req.originalUrl,
        status: res.statusCode,
        ms: performance.now() - started,
      }),
    );
    next();
  };
}

/** A path Express has no route for: the API's 404 wording. */
export function notFound(): RequestHandler {
  return (req, res) => sendError(res, 404, routeNotFound(req.method, req.path));
}

/**
 * The last stage: whatever went wrong, the client gets the documented error body and never a
 * stack trace or a file path. Express marks client faults (a malformed percent-escape, say)
 * with a 4xx `status`; anything else is the mock's own fault and is a 500.
 */
export function errorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (err: unknown, _req, res, _next) => {
    const { status, message } = unexpectedError(err);
    if (status === 500) log(`internal error: ${loggableError(err)}`);
    if (res.headersSent) {
      res.end();
      return;
    }
    sendError(res, status, message);
  };
}
