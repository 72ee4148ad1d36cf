import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as requestTls } from 'node:https';
import type { AddressInfo } from 'node:net';
import { HttpResponse } from '../spec/http/response.ts';
import { loadSpec, type Document } from '../spec/load.ts';
import { ExchangeChecker } from './exchange-check.ts';
import { ViolationReport } from './report.ts';

export interface ProxyOptions {
  upstream: URL;
  port: number;
  host?: string;
  reportFile: string;
  /** Undocumented fields count as violations (UNDOCUMENTED_FIELDS=fail). */
  undocumentedFieldsFail?: boolean;
  /** How long the upstream may take to answer before the proxy answers 504. */
  upstreamTimeoutMs?: number;
  doc?: Document;
}

export interface RunningProxy {
  url: string;
  report: ViolationReport;
  close(): Promise<void>;
}

/** The header on every answer: how many spec violations this exchange had (a number, never a list). */
export const VIOLATIONS_HEADER = 'x-spec-violations';
export const REPORT_PATH = '/_proxy/report';

/** Hop-by-hop headers belong to one connection; the proxy's own connection sets its own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
]);

/**
 * A validating proxy: forwards each request to the upstream as it came (key included), answers
 * with the upstream's status, headers and body bytes as they came, plus one count header, and
 * records each spec violation of the exchange. It never retries: a 429 and its retry-after go
 * back to the caller, who owns the pace.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const checker = new ExchangeChecker(options.doc ?? loadSpec(), options.undocumentedFieldsFail ?? false);
  const report = new ViolationReport(options.reportFile);
  const server = createServer((req, res) => {
    if (req.method === 'GET' && new URL(req.url ?? '/', 'http://proxy').pathname === REPORT_PATH) {
      sendJson(res, 200, report.summary());
      return;
    }
    forward(req, res, options, checker, report);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    report,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function forward(
  req: IncomingMessage,
  res: ServerResponse,
  options: ProxyOptions,
  checker: ExchangeChecker,
  report: ViolationReport,
): void {
  const target = req.url ?? '/';
  const upstreamUrl = new URL(
    `${options.upstream.pathname.replace(/\/$/, '')}${target}`,
    options.upstream.origin,
  );
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  headers.host = options.upstream.host;
  const send = upstreamUrl.protocol === 'https:' ? requestTls : request;
  const upstream = send(upstreamUrl, { method: req.method, headers });
  upstream.setTimeout(options.upstreamTimeoutMs ?? 60_000, () => {
    upstream.destroy(new Error(`no answer within ${options.upstreamTimeoutMs ?? 60_000} ms`));
  });
  upstream.on('response', (answer) => {
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.on('error', (err) => sendProxyError(res, 502, `the upstream's answer broke off: ${err.message}`));
    answer.on('end', () => {
      const body = Buffer.concat(chunks);
      const status = answer.statusCode ?? 502;
      const findings = checker.check(
        { method: req.method ?? 'GET', target },
        new HttpResponse(status, answer.rawHeaders, body),
      );
      report.record({ method: req.method ?? 'GET', path: target, status }, findings);
      const raw: string[] = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        const name = answer.rawHeaders[i]!;
        if (HOP_BY_HOP.has(name.toLowerCase()) || name.toLowerCase() === VIOLATIONS_HEADER) continue;
        raw.push(name, answer.rawHeaders[i + 1]!);
      }
      if (
        answer.headers['content-length'] === undefined &&
        req.method !== 'HEAD' &&
        status !== 304 &&
        status !== 204
      ) {
        raw.push('Content-Length', String(body.length));
      }
      raw.push(VIOLATIONS_HEADER, String(findings.filter((f) => f.severity === 'violation').length));
      res.writeHead(status, answer.statusMessage, raw);
      res.end(body);
    });
  });
  upstream.on('error', (err: NodeJS.ErrnoException) => {
    const timedOut = /no answer within/.test(err.message);
    sendProxyError(
      res,
      timedOut ? 504 : 502,
      `upstream ${options.upstream.origin}: ${err.code ?? err.message}`,
    );
  });
  req.pipe(upstream);
}

/** The proxy's own failures, in the same error body the service uses; never a stack trace. */
function sendProxyError(res: ServerResponse, status: 502 | 504, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(
    res,
    status,
    { statusCode: status, error: status === 502 ? 'Bad Gateway' : 'Gateway Timeout', message },
    'no-store',
  );
}

function sendJson(res: ServerResponse, status: number, value: unknown, cacheControl = 'no-store'): void {
  const text = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': cacheControl,
  });
  res.end(text);
}
