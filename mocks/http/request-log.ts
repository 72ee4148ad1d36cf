import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

/** Control characters and overlong URLs would make a log line lie or flood; keep it one tidy line. */
function printable(url: string): string {
  const clean = url.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
}

/** Logs one line when the answer is sent: method, path, status, milliseconds. Headers (and so API keys) never. */
export function logWhenFinished(
  log: (line: string) => void,
  method: string | undefined,
  url: string,
  res: ServerResponse,
): void {
  const start = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    log(`${method} ${printable(url)} ${res.statusCode} ${ms.toFixed(1)}ms`);
  });
}

/** One line per request through Express. */
export function requestLog(log: (line: string) => void): RequestHandler {
  return (req, res, next) => {
    logWhenFinished(log, req.method, req.originalUrl, res);
    next();
  };
}
