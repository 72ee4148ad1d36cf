import { afterEach, describe, expect, it } from 'vitest';
import { httpClient } from '../../spec/http/client.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import { createMockApp } from '../app.ts';
import { startMockServer, type ServerDoor } from '../server.ts';
import type { Mock } from '../mock-handle.ts';
import type { LiveState } from './ui-pages.ts';
import { FEED_SIZE } from './request-feed.ts';

describe('GET / chooses by Accept', () => {
  const app = createMockApp({ blocks: 60, quiet: true, rateLimit: 0 });

  it('a browser (text/html first) gets the home page, with the page script and the settings in force', async () => {
    const res = await httpClient(app).get('/', {
      Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.vary).toMatch(/Accept/);
    expect(res.text).toContain('<script type="module" src="/_mock/ui/page.js"></script>');
    expect(res.text).toContain('href="/_mock/ui/reference"');
    // Drawn by the server: what a slow machine or a screenshot before the script shows.
    expect(res.text).toMatch(
      /<div id="client-view" aria-busy="true">\s*<p class="loading">\s*Loading the chain&hellip;/,
    );
    const config = JSON.parse(
      /<script type="application\/json" id="page-config">(.*?)<\/script>/s.exec(res.text)?.[1] ?? '',
    );
    expect(config).toMatchObject({
      controls: 'open',
      scenarios: { rateLimit: { anonymous: 0, keyed: 0 }, faultRate: 0 },
    });
  });

  it.each([['*/*'], ['application/json'], ['application/json, text/html'], [undefined]])(
    'Accept %s gets the JSON links, as before',
    async (accept) => {
      const res = await httpClient(app).get('/', accept === undefined ? {} : { Accept: accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.spec).toEqual({ yaml: '/openapi.yaml', json: '/openapi.json' });
    },
  );

  it('serves the page script, its style, the reference and Swagger UI files from the package', async () => {
    for (const [path, type] of [
      ['/_mock/ui/page.js', /^text\/javascript/],
      ['/_mock/ui/page.css', /^text\/css/],
      ['/_mock/ui/reference', /^text\/html/],
      ['/_mock/ui/reference.js', /^text\/javascript/],
      ['/_mock/ui/swagger/swagger-ui.css', /^text\/css/],
      ['/_mock/ui/swagger/swagger-ui-bundle.js', /javascript/],
    ] as const) {
      const res = await httpClient(app).get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(type);
    }
    expect((await httpClient(app).get('/_mock/ui/reference')).text).toContain('href="/_mock/openapi.yaml"');
  });
});

describe('the controls on the home page follow the control plane', () => {
  const page = async (options: Parameters<typeof createMockApp>[0]): Promise<string> =>
    (
      await httpClient(createMockApp({ blocks: 60, quiet: true, ...options })).get('/', {
        Accept: 'text/html',
      })
    ).text;

  it('on loopback: the forms, without a token field', async () => {
    const html = await page({ host: '127.0.0.1' });
    for (const id of ['mine-form', 'transfer-form', 'reorg-form', 'reset-form'])
      expect(html).toContain(`id="${id}"`);
    expect(html).not.toContain('id="control-token"');
  });

  it('beyond loopback without a token: no forms, and the page says the control plane is off', async () => {
    const html = await page({ host: '0.0.0.0' });
    for (const id of ['mine-form', 'transfer-form', 'reorg-form', 'reset-form', 'control-token'])
      expect(html).not.toContain(`id="${id}"`);
    expect(html).toContain('The control plane is off');
    expect(html).toContain('Scenarios in force');
  });

  it('with a control token: the forms and a field for the token, never the token itself', async () => {
    const html = await page({ host: '0.0.0.0', controlToken: 'sekret-token-42' });
    expect(html).toContain('id="mine-form"');
    expect(html).toContain('id="control-token"');
    expect(html).not.toContain('sekret-token-42');
  });
});

describe('the request feed behind the Requests view', () => {
  let mock: Mock<ServerDoor> | undefined;
  afterEach(async () => {
    await mock?.close();
    mock = undefined;
  });

  /** A GET of the running mock, on a connection of its own. */
  function get(path: string, headers?: Record<string, string>): Promise<HttpResponse> {
    return httpClient((mock as Mock<ServerDoor>).url, { keepAlive: false }).get(path, headers);
  }

  async function live(after = 0): Promise<LiveState> {
    return (await get(`/_mock/ui/live?after=${after}`)).body as LiveState;
  }

  it('sees cached answers and the others alike, and never a key', async () => {
    const key = 'key-that-must-not-show-0123456789';
    mock = await startMockServer({ port: 0, quiet: true, blocks: 60, apiKeys: [key] });
    const path = '/extended/v1/tx/mempool/stats';
    for (let i = 0; i < 3; i++) expect((await get(path, { 'X-API-Key': key })).status).toBe(200);
    expect((await get(path, { 'X-API-Key': 'wrong-key-also-secret' })).status).toBe(403);
    const state = await live();
    expect(state.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['GET', path, 200],
      ['GET', path, 200],
      ['GET', path, 200],
      ['GET', path, 403],
    ]);
    expect(state.requests.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    const text = JSON.stringify(state);
    expect(text).not.toContain(key);
    expect(text).not.toContain('wrong-key-also-secret');
    expect(state.tip).toEqual(mock.live.tip());
    // The page's own polling is not in the log it shows; `after` gives only what is new.
    expect((await live(4)).requests).toEqual([]);
  });

  it('keeps the last requests only', async () => {
    mock = await startMockServer({ port: 0, quiet: true, blocks: 60, rateLimit: 0 });
    for (let i = 0; i < FEED_SIZE + 5; i++) await get('/extended');
    const state = await live();
    expect(state.requests).toHaveLength(FEED_SIZE);
    expect(state.requests[0]?.seq).toBe(6);
  });

  it.each([
    ['-1', 'querystring/after must be >= 0'],
    ['x', 'querystring/after must be integer'],
    ['1.5', 'querystring/after must be integer'],
  ])('after=%s is refused by the pipeline as a bad API parameter is: %s', async (after, message) => {
    mock = await startMockServer({ port: 0, quiet: true, blocks: 60 });
    const res = await get(`/_mock/ui/live?after=${after}`);
    const api = await get('/extended/v2/blocks?limit=x');
    expect(api.status).toBe(400);
    expect([res.status, res.body]).toEqual([
      400,
      { statusCode: 400, error: 'Bad Request', message, code: 'FST_ERR_VALIDATION' },
    ]);
    // The same headers as the API's refusal: no X-API-Version, no Cache-Control.
    const named = (r: HttpResponse): string[] =>
      Object.keys(r.headers).filter((name) => name !== 'date' && name !== 'content-length');
    expect(named(res)).toEqual(named(api));
    expect(Object.keys(api.body)).toEqual(Object.keys(res.body));
  });
});
