import type { RequestHandler } from 'express';

/** Control characters and overlong URLs would make a log line lie or flood; keep it one tidy line. */
function printable(url: string): string {
  const clean = url.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
}

/** One line per request: method, path, status, milliseconds. Headers (and so API keys) are never logged. */
export function requestLog(log: (line: string) => void): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      log(`${req.method} ${printable(req.originalUrl)} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  };
}
