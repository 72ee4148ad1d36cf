import { gzipSync } from 'node:zlib';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient, HttpTimeoutError } from './client.ts';
import { HttpResponse, headerIn, headersOf, rawHeadersOf, setHeaderIn, withoutHeaders } from './response.ts';

const packed = gzipSync('{"a":1}');
const listener: RequestListener = (req, res) => {
  if (req.url === '/slow') return; // never answered
  if (req.url?.endsWith('/gzip')) {
    res.writeHead(200, ['Content-Encoding', 'gzip', 'Content-Type', 'application/json']);
    res.end(packed);
    return;
  }
  res.writeHead(201, ['X-Odd', 'one', 'Content-Type', 'text/plain', 'x-odd', 'two']);
  res.end(`${req.method} ${req.url} ${req.headers['x-sent'] ?? ''}`);
};

describe('the one HTTP client', () => {
  const client = httpClient(listener, { timeoutMs: 300 });
  afterAll(() => client.close());

  it('serves a listener on loopback and sends the target exactly as given', async () => {
    const res = await client.get('/a/%7e?x=1&x=2', { 'X-Sent': 'yes' });
    expect(res.status).toBe(201);
    expect(res.text).toBe('GET /a/%7e?x=1&x=2 yes');
  });

  it('lower-cases header names and joins a repeated header with ", " in order', async () => {
    const res = await client.send({ method: 'POST', target: '/', body: 'x' });
    expect(res.headers['x-odd']).toBe('one, two');
    expect(Object.keys(res.headers).slice(0, 2)).toEqual(['x-odd', 'content-type']);
  });

  it('posts JSON, labelled as such', async () => {
    const echo = httpClient((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => res.end(JSON.stringify({ type: req.headers['content-type'], body })));
    });
    expect((await echo.post('/', { a: 1 })).body).toEqual({ type: 'application/json', body: '{"a":1}' });
    expect((await echo.post('/')).body).toEqual({ body: '' });
    await echo.close();
  });

  it('keeps the bytes as they came: no decompression', async () => {
    const res = await client.get('/gzip');
    expect(Buffer.from(res.bytes).equals(packed)).toBe(true);
    expect(res.body).toBeUndefined();
  });

  it('fails a request that gets no answer in time, naming it', async () => {
    await expect(client.get('/slow')).rejects.toThrow(HttpTimeoutError);
    await expect(client.send({ method: 'GET', target: '/slow' }, { timeoutMs: 50 })).rejects.toThrow(
      'no answer to GET /slow within 50 ms',
    );
  });

  it("puts a base URL's path prefix before the target; without keep-alive, one connection a request", async () => {
    const server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const prefixed = httpClient(`http://127.0.0.1:${port}/p/`, { keepAlive: false });
    const res = await prefixed.get('/x');
    expect(res.text).toBe('GET /p/x ');
    expect(res.headers.connection).toBe('close');
    await prefixed.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends a read again, once, when the server reset the kept-alive socket it reused; a POST is not', async () => {
    // The server drops the second request of every connection unanswered, as one that had just
    // closed the socket as idle: the request never reached it.
    const seen = new WeakMap<object, number>();
    const server = createServer((req, res) => {
      const n = (seen.get(req.socket) ?? 0) + 1;
      seen.set(req.socket, n);
      if (n === 2) return void req.socket.destroy();
      res.end(`answer ${n}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = httpClient(`http://127.0.0.1:${port}`, { maxSockets: 1 });
    expect((await client.get('/a')).text).toBe('answer 1');
    expect((await client.get('/b')).text).toBe('answer 1');
    await client.get('/c');
    await expect(client.post('/d', { x: 1 })).rejects.toThrow(/socket hang up|ECONNRESET/);
    await client.close();
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('the one response type', () => {
  it('reads its bytes as text and as JSON, undefined when empty or not JSON', () => {
    expect(new HttpResponse(200, [], '{"a":[1]}').body).toEqual({ a: [1] });
    expect(new HttpResponse(200, [], 'not json').body).toBeUndefined();
    expect(new HttpResponse(304, []).body).toBeUndefined();
    expect(new HttpResponse(200, [], 'é').bytes).toEqual(new Uint8Array([0xc3, 0xa9]));
  });

  it('folds raw headers into lower-cased names, repeated ones joined', () => {
    expect(headersOf(['ETag', '"1"', 'Vary', 'Accept', 'vary', 'Origin'])).toEqual({
      etag: '"1"',
      vary: 'Accept, Origin',
    });
  });

  it('keeps the raw headers as written and reads them by lower-cased name; a comparison may leave some out', () => {
    const res = new HttpResponse(200, ['ETag', '"1"', 'Date', 'now', 'Vary', 'Accept', 'vary', 'Origin']);
    expect(res.rawHeaders).toEqual(['ETag', '"1"', 'Date', 'now', 'Vary', 'Accept', 'vary', 'Origin']);
    expect(res.headers).toEqual({ etag: '"1"', date: 'now', vary: 'Accept, Origin' });
    expect(headerIn(res.rawHeaders, 'vary')).toBe('Accept');
    expect(withoutHeaders(res, new Set(['date'])).rawHeaders).toEqual([
      'ETag',
      '"1"',
      'Vary',
      'Accept',
      'vary',
      'Origin',
    ]);
    expect(rawHeadersOf({ etag: '"1"', vary: 'Accept' })).toEqual(['etag', '"1"', 'vary', 'Accept']);
  });

  it('sets a header in a raw list where it is, whatever its case, else last', () => {
    const raw = ['Retry-After', '5', 'ETag', '"1"'];
    setHeaderIn(raw, 'retry-after', '9');
    setHeaderIn(raw, 'Preference-Applied', 'code=429');
    expect(raw).toEqual(['retry-after', '9', 'ETag', '"1"', 'Preference-Applied', 'code=429']);
  });
});
