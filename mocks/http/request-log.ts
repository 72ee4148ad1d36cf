/**
 * One answered request as the log sees it: method, path (as sent: make it `printable` before
 * showing it), status, time. Headers (and so API keys) never.
 */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  ms: number;
  /** The answer carried the `Warning` of a deprecated operation (or its 410 at a rehearsed sunset). */
  deprecated?: true;
}

/** Where answered requests go: the console's line, the home page's feed (mocks/ui/). */
export type RequestObserver = (request: LoggedRequest) => void;

/** Control characters and overlong URLs would make a log line lie or flood; keep it one tidy line. */
export function printable(url: string): string {
  const clean = url.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
}

/** The console's line: `GET /extended 200 1.2ms`. */
export function logLine(log: (line: string) => void): RequestObserver {
  return (r) => log(`${r.method} ${printable(r.path)} ${r.status} ${r.ms.toFixed(1)}ms`);
}
