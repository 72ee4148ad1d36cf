import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createMockApp } from '../mocks/app.ts';
import { httpClient } from '../spec/http/client.ts';
import { stacksApiMiddleware } from './middleware.ts';

// One mock behind the middleware and one standalone, of the same options: same world, same answers.
const OPTIONS = { quiet: true, rateLimit: 0, deprecationHeaders: true } as const;
const mw = stacksApiMiddleware(OPTIONS);
const app = express();
app.disable('x-powered-by');
app.use('/api', mw);
app.use((_req, res) => void res.status(418).send('the app’s own answer'));
const standalone = httpClient(createMockApp(OPTIONS));
/** The app as a client reads it, raw headers and bytes as written (supertest parses them). */
const viaApp = httpClient(app);

/** Raw headers as written, without `Date` (when) and the rate limit's reset (counted from each mock's start). */
function written(raw: readonly string[]): string[][] {
  const pairs: string[][] = [];
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]?.toLowerCase() !== 'date') pairs.push([raw[i] as string, raw[i + 1] as string]);
  return pairs;
}

describe('stacksApiMiddleware in an Express 5 app, at /api', () => {
  it.each([
    '/extended',
    '/extended/v1/tx/mempool?limit=2',
    '/extended/v1/info/network_block_times',
    '/extended/v1/address/SP000000000000000000002Q6VF78/balances',
    '/extended/v2/blocks/999999999',
    '/extended/v1/tx/multiple?tx_id=nope',
    '/_mock/world',
  ])('answers %s byte for byte as the mock’s own server', async (path) => {
    const [mounted, own] = await Promise.all([viaApp.get(`/api${path}`), standalone.get(path)]);
    expect(mounted.status).toBe(own.status);
    // The one difference: the deprecation's `Link` names its successor under the prefix.
    const underApi = written(own.rawHeaders).map(([name, value]) =>
      name === 'Link' ? [name, (value as string).replace(/<\//g, '</api/')] : [name, value],
    );
    expect(written(mounted.rawHeaders)).toEqual(underApi);
    expect(mounted.bytes).toEqual(own.bytes);
  });

  it('hands unknown paths, and `/`, to the next middleware', async () => {
    for (const path of ['/api/nope', '/api/', '/elsewhere', '/api/extended/v9/none'])
      expect((await request(app).get(path)).status, path).toBe(418);
  });

  it('names the deprecation’s successor under the prefix the app mounted it at', async () => {
    const res = await request(app).get('/api/extended/v1/address/SP000000000000000000002Q6VF78/nonces');
    expect(res.headers.link).toMatch(
      /^<\/api\/extended\/v3\/principals\/SP000000000000000000002Q6VF78\/nonces>/,
    );
  });

  it('reads a POST’s body from the request stream', async () => {
    const res = await request(app)
      .post('/api/v2/fees/transaction')
      .set('content-type', 'application/json')
      .send('{"transaction_payload":"0x00","estimated_len":null}');
    const own = await standalone.post('/v2/fees/transaction', {
      transaction_payload: '0x00',
      estimated_len: null,
    });
    expect(res.status).toBe(own.status);
    expect(res.body).toEqual(own.body);
  });

  it('gives the living chain’s controls: a mined block is the next tip it answers', async () => {
    const tip = mw.mine(1);
    const status = await request(app).get('/api/extended');
    expect((status.body as { chain_tip: { block_height: number } }).chain_tip.block_height).toBe(tip.height);
  });
});
