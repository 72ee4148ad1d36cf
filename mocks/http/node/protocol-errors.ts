import {
  STATUS_CODES,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from '../errors.ts';
import { MAX_URL_LENGTH } from '../url-limit.ts';

interface ParseError extends Error {
  code?: string;
  /** The chunk Node was parsing when it gave up, and how far into it (llhttp errors only). */
  rawPacket?: Buffer;
  bytesParsed?: number;
}

const MESSAGES: Record<number, string> = {
  400: 'malformed HTTP request',
  408: 'the request took too long to arrive',
  414: `URI too long: at most ${MAX_URL_LENGTH} characters`,
  431: 'request header fields too large',
};

const ERROR_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'Access-Control-Allow-Origin': '*',
  Connection: 'close',
};

/**
 * Node reports a header overflow whether the URL or a header is too long. The line being read
 * when it overflowed tells them apart: a request line (`GET /...`) means the URL. Only the chunk
 * in hand is visible, so a request line that arrived over several reads falls back to 431.
 */
function overflowStatus(err: ParseError): 414 | 431 {
  const raw = err.rawPacket;
  if (!raw) return 431;
  const at = Math.min(err.bytesParsed ?? raw.length, raw.length);
  const crlf = at > 0 ? raw.lastIndexOf('\r\n', at - 1) : -1;
  const start = crlf < 0 ? 0 : crlf + 2;
  const line = raw.toString('latin1', start, Math.min(raw.length, start + 32));
  return /^[A-Z]+ \S/.test(line) ? 414 : 431;
}

export function clientErrorStatus(err: ParseError): number {
  if (err.code === 'HPE_HEADER_OVERFLOW') return overflowStatus(err);
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

function writeError(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify(errorBody(status, message));
  res.writeHead(status, { ...ERROR_HEADERS, 'Content-Length': Buffer.byteLength(body) }).end(body);
}

/**
 * What Node refuses before Express sees it (oversized headers, a malformed request, a client
 * too slow to send one) gets the documented error body instead of Node's bare status line, and
 * the connection is closed. The log line names the status and Node's code only: the raw request
 * may carry an API key. `responding` holds each socket's latest response.
 */
function answerClientErrors(
  server: Server,
  responding: WeakMap<Duplex, ServerResponse>,
  log: (line: string) => void,
): void {
  server.on('clientError', (err: ParseError, socket: Duplex) => {
    // A response under way owns the socket; writing a second status line into it would corrupt
    // what the client reads, so such a socket is only closed (as Node's default does).
    const res = responding.get(socket);
    const midResponse = res !== undefined && res.headersSent && !res.writableFinished;
    if (err.code === 'ECONNRESET' || !socket.writable || midResponse) {
      socket.destroy();
      return;
    }
    const status = clientErrorStatus(err);
    log(`- - ${status} ${err.code ?? 'client error'}`);
    const body = JSON.stringify(errorBody(status, MESSAGES[status] ?? 'Bad Request'));
    const head = Object.entries({ ...ERROR_HEADERS, 'Content-Length': Buffer.byteLength(body) }).map(
      ([k, v]) => `${k}: ${v}`,
    );
    socket.end([`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...head, '', body].join('\r\n'));
  });
}

/**
 * Node's other bare answers, given the documented body: an unknown `Expect` (417) through the
 * server's event, and an HTTP/1.1 request without `Host` (400), checked here because Node's own
 * check (`requireHostHeader`) must be off for this one to run.
 */
function answerBareRefusals(server: Server): void {
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) =>
    writeError(res, 417, 'only Expect: 100-continue is supported'),
  );
}

/**
 * Wires every answer Node would give on its own (bare status lines without a body) to the
 * documented error body instead. Returns the request listener to serve the app with: the only
 * one, since each further `request` listener makes Node copy the list for every request.
 */
export function documentedProtocolErrors(
  server: Server,
  app: RequestListener,
  log: (line: string) => void,
): RequestListener {
  const responding = new WeakMap<Duplex, ServerResponse>();
  answerClientErrors(server, responding, log);
  answerBareRefusals(server);
  return (req, res) => {
    responding.set(req.socket, res);
    if (req.httpVersionMajor === 1 && req.httpVersionMinor >= 1 && req.headers.host === undefined)
      return writeError(res, 400, 'missing Host header');
    app(req, res);
  };
}
