import { urlFor } from '../spec/load.ts';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../spec/http/client.ts';
import type { HttpResponse } from '../spec/http/response.ts';
import { createMockApp } from '../mocks/app.ts';
import { sampleUrls } from '../mocks/sample-urls.ts';
import { serveVariant, type RunningVariant } from '../contract-tests/self-test/variant-server.ts';
import { VARIANTS } from '../contract-tests/self-test/variants.ts';
import { loadRealResponses } from '../testing/real-responses/real-responses.ts';
import type { ReportLine } from './report.ts';
import { startProxy, VIOLATIONS_HEADER, type RunningProxy } from './server.ts';
import { tempDir } from '../testing/temp-dir.ts';

/** A GET with the one HTTP client: the bytes are the bytes on the wire (no decompression). */
function get(base: string, target: string, headers: Record<string, string> = {}): Promise<HttpResponse> {
  return httpClient(base, { keepAlive: false }).get(target, headers);
}

const reports = tempDir('proxy-');
let reportsMade = 0;

/** A report file of its own, for a proxy of its own. */
function reportFile(): string {
  return join(reports, `violations-${reportsMade++}.jsonl`);
}

function reportLines(file: string): ReportLine[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReportLine);
}

const mock = createMockApp({ quiet: true, rateLimit: 0, rateLimitKey: 0 });
const urls = sampleUrls(mock.live.queries, urlFor);
const principal = urls.get_account_transactions_with_transfers!.split('/')[4]!;
const withTransfers = `/extended/v1/address/${principal}/transactions_with_transfers`;

describe('the proxy in front of the honest mock', () => {
  let upstream: RunningVariant;
  let proxy: RunningProxy;
  const file = reportFile();

  beforeAll(async () => {
    upstream = await serveVariant(
      mock,
      VARIANTS.find((v) => v.name === 'faithful')!,
    );
    proxy = await startProxy({ upstream: new URL(upstream.url), port: 0, reportFile: file });
  });
  afterAll(async () => {
    await proxy.close();
    await upstream.close();
  });

  const honest = () => [
    ...Object.values(urls),
    `${withTransfers}?limit=51`,
    `${withTransfers}?height=3&until_block=2`,
    '/extended/v1/address/SP2X64E4091EZQT28CMBTTCFMRDN68WZ9XHZ42XPT/balances',
    '/extended/v2/blocks/99999999',
    '/extended/v2/blocks/foo',
  ];

  it('reports nothing for honest traffic, valid requests and refused ones alike', async () => {
    for (const target of honest()) {
      const answer = await get(proxy.url, target);
      expect({ target, count: answer.headers[VIOLATIONS_HEADER] }).toEqual({ target, count: '0' });
    }
    expect(reportLines(file)).toEqual([]);
    const summary = await get(proxy.url, '/_proxy/report');
    expect(summary.body).toMatchObject({
      exchanges: honest().length,
      violations: 0,
      drift: 0,
      byOperation: {},
    });
  });

  it('answers with the upstream status, headers and body bytes', async () => {
    for (const target of [urls.get_block!, `${withTransfers}?limit=51`]) {
      const direct = await get(upstream.url, target);
      const proxied = await get(proxy.url, target);
      expect(proxied.status).toBe(direct.status);
      expect(Buffer.from(proxied.bytes).equals(direct.bytes)).toBe(true);
      const {
        date: _d,
        connection: _c,
        'keep-alive': _k,
        [VIOLATIONS_HEADER]: count,
        ...rest
      } = proxied.headers;
      const { date: _d2, connection: _c2, 'keep-alive': _k2, ...directRest } = direct.headers;
      expect(rest).toEqual(directRest);
      expect(count).toBe('0');
    }
  });
});

/** Each breakage the spec alone can see in one exchange, the request that shows it, and where. */
const VISIBLE: { variant: string; target: string; operationId: string; where: string; actual?: RegExp }[] = [
  {
    variant: 'required-field-dropped',
    target: urls.get_block!,
    operationId: 'get_block',
    where: 'body',
    actual: /hash/,
  },
  {
    variant: 'amount-as-number',
    target: urls.get_account_balance!,
    operationId: 'get_account_balance',
    where: 'body',
    actual: /\/stx\/balance must be string/,
  },
  {
    variant: 'json-as-text',
    target: urls.get_mempool_transaction_stats!,
    operationId: 'get_mempool_transaction_stats',
    where: 'content-type',
    actual: /text\/plain/,
  },
  {
    variant: 'deprecation-marker-gone',
    target: urls.get_account_balance!,
    operationId: 'get_account_balance',
    where: 'header Warning',
    actual: /absent/,
  },
  {
    variant: 'limit-max-not-enforced',
    target: `${withTransfers}?limit=51`,
    operationId: 'get_account_transactions_with_transfers',
    where: 'request',
    actual: /^200$/,
  },
  {
    variant: 'conflict-not-enforced',
    target: `${withTransfers}?height=3&until_block=2`,
    operationId: 'get_account_transactions_with_transfers',
    where: 'request',
    actual: /^200$/,
  },
];

describe('the proxy in front of the contract suite’s broken mocks', () => {
  it.each(VISIBLE)('$variant: reported on $operationId at $where, the answer passed through', async (c) => {
    const variant = VARIANTS.find((v) => v.name === c.variant)!;
    const upstream = await serveVariant(mock, variant);
    const file = reportFile();
    const proxy = await startProxy({ upstream: new URL(upstream.url), port: 0, reportFile: file });
    try {
      const direct = await get(upstream.url, c.target);
      const proxied = await get(proxy.url, c.target);
      expect(proxied.status).toBe(direct.status);
      expect(Buffer.from(proxied.bytes).equals(direct.bytes)).toBe(true);
      expect(proxied.headers['content-type']).toBe(direct.headers['content-type']);
      const lines = reportLines(file);
      expect(lines).toContainEqual(
        expect.objectContaining({
          operationId: c.operationId,
          method: 'GET',
          path: c.target,
          status: direct.status,
          where: c.where,
          severity: 'violation',
          actual: expect.stringMatching(c.actual ?? /./),
        }),
      );
      expect(Number(proxied.headers[VIOLATIONS_HEADER])).toBe(
        lines.filter((l) => l.severity === 'violation').length,
      );
      const summary = (await get(proxy.url, '/_proxy/report')).body;
      expect(summary.byOperation[c.operationId][c.where]).toBeGreaterThanOrEqual(1);
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });
});

describe('the proxy in front of a scripted upstream', () => {
  let stub: Server;
  let stubUrl: string;
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const realStatus = loadRealResponses().find((r) => r.operationId === 'get_status')!.body as object;
  const status = gzipSync(JSON.stringify({ ...realStatus, novel: { x: 1 } }));

  beforeAll(async () => {
    stub = createServer((req, res) => {
      seen.push({ url: req.url!, headers: req.headers });
      if (req.url === '/extended') {
        res.writeHead(
          200,
          [
            ['Content-Type', 'application/json; charset=utf-8'],
            ['Content-Encoding', 'gzip'],
            ['Cache-Control', 'public, no-cache, must-revalidate'],
            ['ETag', '"e1"'],
            ['X-Odd', 'one'],
            ['X-Odd', 'two'],
            [VIOLATIONS_HEADER, '99'],
          ].flat(),
        );
        res.end(status);
        return;
      }
      res.writeHead(429, {
        'content-type': 'application/json',
        'retry-after': '7',
        'cache-control': 'no-store',
      });
      res.end(JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'slow down' }));
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));

  it('forwards the key, keeps compressed bytes and repeated headers, and reports an undeclared field as drift', async () => {
    const file = reportFile();
    const proxy = await startProxy({ upstream: new URL(stubUrl), port: 0, reportFile: file });
    try {
      const answer = await get(proxy.url, '/extended', { 'x-api-key': 'k-123', 'accept-encoding': 'gzip' });
      expect(seen.at(-1)?.headers['x-api-key']).toBe('k-123');
      expect(Buffer.from(answer.bytes).equals(status)).toBe(true);
      expect(answer.headers['x-odd']).toBe('one, two');
      expect(answer.headers[VIOLATIONS_HEADER]).toBe('0');
      expect(reportLines(file)).toEqual([
        expect.objectContaining({
          operationId: 'get_status',
          where: 'undocumented field novel',
          severity: 'drift',
        }),
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('counts an undeclared field as a violation when told to', async () => {
    const proxy = await startProxy({
      upstream: new URL(stubUrl),
      port: 0,
      reportFile: reportFile(),
      undocumentedFieldsFail: true,
    });
    try {
      expect((await get(proxy.url, '/extended')).headers[VIOLATIONS_HEADER]).toBe('1');
    } finally {
      await proxy.close();
    }
  });

  it('passes a 429 and its retry-after through and never retries', async () => {
    const proxy = await startProxy({ upstream: new URL(stubUrl), port: 0, reportFile: reportFile() });
    try {
      const before = seen.length;
      const answer = await get(proxy.url, '/extended/v2/blocks/latest');
      expect(answer.status).toBe(429);
      expect(answer.headers['retry-after']).toBe('7');
      expect(seen.length - before).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  it('answers 502 with the error body when the upstream cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const proxy = await startProxy({
      upstream: new URL(`http://127.0.0.1:${port}`),
      port: 0,
      reportFile: reportFile(),
    });
    try {
      const answer = await get(proxy.url, '/extended');
      expect(answer.status).toBe(502);
      expect(answer.body).toMatchObject({ statusCode: 502, error: 'Bad Gateway' });
      expect(answer.text).toMatch(/ECONNREFUSED/);
    } finally {
      await proxy.close();
    }
  });
});
