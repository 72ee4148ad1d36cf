import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorStatus } from '../http/node/protocol-errors.ts';
import { MAX_URL_LENGTH } from '../http/url-limit.ts';
import { SERVER_LIMITS, startMockServer, type ServerDoor, type ServerLimits } from '../server.ts';
import type { Mock } from '../mock-handle.ts';
import { problemsWithAnswer } from '../../testing/http/answer-checks.ts';
import { httpClient } from '../../spec/http/client.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import { rawExchange, type RawExchange } from '../../testing/fuzz/raw-exchange.ts';

/** The production limits with the clocks shortened, so a slow client is cut off within a test. */
const FAST: Partial<ServerLimits> = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  connectionsCheckingIntervalMs: 50,
  keepAliveTimeoutMs: 200,
};
function request(path: string, extra = ''): string {
  return `GET ${path} HTTP/1.1\r\nHost: mock\r\n${extra}\r\n`;
}

/** The answer is the documented error body for this status, and the server then closed the connection. */
function expectRefusal(exchange: RawExchange, status: number): void {
  const [first] = exchange.responses;
  expect(first?.status).toBe(status);
  expect(problemsWithAnswer(undefined, first as HttpResponse)).toEqual([]);
  expect(exchange.closedByServer).toBe(true);
}

describe('protocol limits, over a real socket', () => {
  let mock: Mock<ServerDoor>;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, rateLimit: 0, quiet: true, blocks: 60 }, FAST);
  });
  afterAll(async () => {
    mock.server.closeAllConnections();
    await mock.close();
  });

  it('answers a URL one character over the limit with 414 and the error body, and one at the limit normally', async () => {
    const client = httpClient(mock.url);
    const at = `/extended?pad=${'a'.repeat(MAX_URL_LENGTH - '/extended?pad='.length)}`;
    expect(at).toHaveLength(MAX_URL_LENGTH);
    expect((await client.get(at)).status).toBe(200);
    const over = await client.get(`${at}a`);
    await client.close();
    expect(over.status).toBe(414);
    expect(problemsWithAnswer(undefined, over)).toEqual([]);
  });

  it('answers a URL past Node’s header limit with 414 too, though Node refuses it before the app', async () => {
    // A header limit below the URL limit, so the whole request fits one TCP segment and Node
    // overflows in the chunk that holds the request line, every time.
    const small = await startMockServer(
      { port: 0, rateLimit: 0, quiet: true, blocks: 60 },
      { maxHeaderSize: 4_096 },
    );
    const url = `/extended?pad=${'a'.repeat(6_000)}`;
    expectRefusal(await rawExchange(small.url, (s) => s.write(request(url))), 414);
    await small.close();
  });

  it('answers over-large headers with 431 and the error body: one huge header, or many', async () => {
    const huge = `X-Big: ${'b'.repeat(SERVER_LIMITS.maxHeaderSize)}\r\n`;
    expectRefusal(await rawExchange(mock.url, (s) => s.write(request('/extended', huge))), 431);
    const many = Array.from({ length: 400 }, (_, i) => `X-Header-${i}: ${'m'.repeat(40)}\r\n`).join('');
    expectRefusal(await rawExchange(mock.url, (s) => s.write(request('/extended', many))), 431);
  });

  it.each([
    ['a request line that is not HTTP', 'garbage\r\n\r\n'],
    [
      'Content-Length together with Transfer-Encoding (request smuggling)',
      request('/extended', 'Content-Length: 5\r\nTransfer-Encoding: chunked\r\n'),
    ],
    ['two different Content-Lengths', request('/extended', 'Content-Length: 1\r\nContent-Length: 2\r\n')],
    ['an unencoded non-ASCII byte in the URL', request('/extended/v2/blocks/\u00e9')],
    ['a NUL byte in the URL', request('/extended/v2/blocks/a\u0000b')],
    ['a header without a colon', request('/extended', 'Not a header\r\n')],
    ['HTTP/1.1 without a Host header', 'GET /extended HTTP/1.1\r\n\r\n'],
  ])('refuses %s with 400 and the error body', async (_what, raw) => {
    expectRefusal(await rawExchange(mock.url, (s) => s.write(Buffer.from(raw, 'latin1'))), 400);
  });

  it('refuses an Expect it cannot meet with 417 and the error body', async () => {
    expectRefusal(
      await rawExchange(mock.url, (s) => s.write(request('/extended', 'Expect: teapot\r\n'))),
      417,
    );
  });

  it('ignores a body sent with a GET: the same answer, and the connection goes on to the next request', async () => {
    const plain = (
      await rawExchange(mock.url, (s) => s.write(request('/extended/v2/blocks/latest')), {
        until: (r) => r.length === 1,
      })
    ).responses[0];
    const body = JSON.stringify({ __proto__: { polluted: true }, limit: 'x'.repeat(1_000_000) });
    const withBody =
      request(
        '/extended/v2/blocks/latest',
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`,
      ) + body;
    const chunked =
      request('/extended/v2/blocks/latest', 'Transfer-Encoding: chunked\r\n') + '5\r\nhello\r\n0\r\n\r\n';
    const { responses } = await rawExchange(
      mock.url,
      (s) => s.write(withBody + chunked + request('/extended')),
      { until: (r) => r.length === 3 },
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(responses[0]?.text).toBe(plain?.text);
    expect(responses[1]?.text).toBe(plain?.text);
    expect(responses[2]?.body).toMatchObject({ status: 'ready' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('cuts off a client that trickles its headers and never finishes them (slow loris) with 408', async () => {
    let trickle: NodeJS.Timeout | undefined;
    const exchange = await rawExchange(mock.url, (s: Socket) => {
      s.write('GET /extended HTTP/1.1\r\nHost: mock\r\n');
      // A byte well within any idle timeout, forever: only the headers timeout can end this.
      trickle = setInterval(() => s.writable && s.write('X'), FAST.connectionsCheckingIntervalMs);
    });
    clearInterval(trickle);
    expectRefusal(exchange, 408);
  });

  it('cuts off a client that connects and sends nothing, with 408', async () => {
    expectRefusal(await rawExchange(mock.url, () => {}), 408);
  });

  it('answers a GET whose body never arrives, then cuts the connection off with 408', async () => {
    const exchange = await rawExchange(mock.url, (s) =>
      s.write(`${request('/extended', 'Content-Length: 100\r\n')}abc`),
    );
    expect(exchange.responses.map((r) => r.status)).toEqual([200, 408]);
    expect(problemsWithAnswer(undefined, exchange.responses[1] as HttpResponse)).toEqual([]);
    expect(exchange.closedByServer).toBe(true);
  });

  it('closes an idle keep-alive connection after answering on it', async () => {
    const exchange = await rawExchange(mock.url, (s) => s.write(request('/extended')));
    expect(exchange.responses.map((r) => [r.status, r.headers.connection])).toEqual([[200, 'keep-alive']]);
    expect(exchange.closedByServer).toBe(true);
  });

  it('serves many requests on one keep-alive connection, pipelined, without a bare 503', async () => {
    const count = 50;
    const { responses } = await rawExchange(mock.url, (s) => s.write(request('/extended').repeat(count)), {
      until: (r) => r.length === count,
    });
    expect(responses.map((r) => r.status)).toEqual(Array(count).fill(200));
  });
});

describe('telling a long URL from long headers when Node overflows', () => {
  const overflow = (raw: string, bytesParsed = raw.length): Parameters<typeof clientErrorStatus>[0] =>
    Object.assign(new Error('Parse Error: Header overflow'), {
      code: 'HPE_HEADER_OVERFLOW',
      rawPacket: Buffer.from(raw, 'latin1'),
      bytesParsed,
    });

  it.each([
    ['the request line overflowed', overflow(`GET /extended?pad=${'a'.repeat(20_000)}`), 414],
    [
      'a pipelined request’s line overflowed',
      overflow(`GET / HTTP/1.1\r\nHost: x\r\n\r\nGET /?${'a'.repeat(20_000)}`),
      414,
    ],
    ['a header overflowed', overflow(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}`), 431],
    ['a chunk in mid-line, which could be either (Node shows no more)', overflow('a'.repeat(20_000)), 431],
    ['a timeout', Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), 408],
    ['any other parse error', Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_METHOD' }), 400],
  ])('%s: %i', (_what, err, status) => {
    expect(clientErrorStatus(err)).toBe(status);
  });
});

describe('connection limit', () => {
  it('drops connections beyond maxConnections and keeps serving the ones it holds', async () => {
    const mock = await startMockServer(
      { port: 0, rateLimit: 0, quiet: true, blocks: 60 },
      { maxConnections: 2 },
    );
    const accepted = new Promise<void>((resolve) => {
      let n = 0;
      mock.server.on('connection', () => ++n === 2 && resolve());
    });
    const held = [0, 1].map(() =>
      rawExchange(
        mock.url,
        (s) => {
          void accepted.then(() => setImmediate(() => s.write(request('/extended'))));
        },
        { until: (r) => r.length === 1 },
      ),
    );
    await accepted;
    const dropped = await rawExchange(mock.url, () => {});
    expect(dropped).toEqual({ responses: [], closedByServer: true });
    for (const exchange of await Promise.all(held)) expect(exchange.responses[0]?.status).toBe(200);
    mock.server.closeAllConnections();
    await mock.close();
  });
});
