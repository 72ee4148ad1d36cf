import { loadSpec } from '../../../spec/load.ts';
import { httpClient } from '../../../spec/http/client.ts';
import { describe, expect, it } from 'vitest';
import { createMockApp } from '../../app.ts';
import { specCheckedClient } from '../../../testing/http/spec-checked-client.ts';

const app = createMockApp({ quiet: true, rateLimit: 0, blocks: 120 });
const get = specCheckedClient(app);

describe('HTTP behaviour of the real service', () => {
  it('sends revalidate-always caching and an ETag on 200, and 304 for a matching If-None-Match', async () => {
    const first = await get('/extended');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache, must-revalidate');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get('/extended', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await get('/extended', { 'If-None-Match': '"something-else"' })).status).toBe(200);
  });

  it('sends no-store on an error raised where nothing gave an ETag, and no Cache-Control on a schema refusal', async () => {
    const missing = await get('/extended/v2/blocks/99999');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const refused = await get('/extended/v2/blocks/foo');
    expect(refused.status).toBe(400);
    expect(refused.headers['cache-control']).toBeUndefined();
  });

  it('marks deprecated operations with Warning: 299, on success and on error', async () => {
    const ok = await get('/extended/v1/address/SPNXG1P9FW701BRT3Z1K53X7CEMJD5S3S3ZKRV20/balances');
    expect(ok.headers.warning).toMatch(/^299 - "Deprecated: /);
    const bad = await get(
      '/extended/v1/address/SPNXG1P9FW701BRT3Z1K53X7CEMJD5S3S3ZKRV20/balances?unanchored=maybe',
    );
    expect(bad.headers.warning).toMatch(/^299 /);
    const notDeprecated = await get('/extended');
    expect(notDeprecated.headers.warning).toBeUndefined();
  });

  it("writes the real service's Warning on every deprecated operation, naming no replacement", async () => {
    const real = '299 - "Deprecated: See https://docs.hiro.so/stacks/api for more information"';
    for (const path of [
      '/extended/v1/address/SPNXG1P9FW701BRT3Z1K53X7CEMJD5S3S3ZKRV20/0x709b55bd3da0f5a838125bd0ee20c5bfdd7caba173912d4281cae816b79a201b/with_transfers',
      '/extended/v1/address/SPNXG1P9FW701BRT3Z1K53X7CEMJD5S3S3ZKRV20/balances',
      '/extended/v1/address/SPNXG1P9FW701BRT3Z1K53X7CEMJD5S3S3ZKRV20/transactions_with_transfers',
      '/extended/v2/addresses/SPNXG1P9FW701BRT3Z1K53X7CEMJD5S3S3ZKRV20/transactions/0x709b55bd3da0f5a838125bd0ee20c5bfdd7caba173912d4281cae816b79a201b/events',
    ])
      expect((await get(path)).headers.warning, path).toBe(real);
  });

  it("sends X-API-Version as the release writes it, except where the real service's hook does not run", async () => {
    expect((await get('/extended')).headers['x-api-version']).toBe('v9.0.2 (master:1164d9ee)');
    const v8 = specCheckedClient(
      createMockApp({ quiet: true, rateLimit: 0, blocks: 120, apiVersion: '8.11.6' }),
    );
    expect((await v8('/extended')).headers['x-api-version']).toBe('v8.11.6 (v8.11.6:63da771)');
    expect((await get('/extended/v9/nothing')).headers['x-api-version']).toBe('v9.0.2 (master:1164d9ee)');
    expect((await get('/extended/v2/blocks/foo')).headers['x-api-version']).toBeUndefined();
  });

  it('opens CORS as the real service (@fastify/cors, its defaults): any origin, X-API-Version exposed, the requested headers allowed', async () => {
    const res = await get('/extended', { Origin: 'http://localhost:5173' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toMatch(/^X-API-Version\b/);
    const preflight = await httpClient(app).send({
      method: 'OPTIONS',
      target: '/v2/transactions',
      headers: {
        Origin: 'http://x',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-hiro-product,x-hiro-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET,HEAD,POST',
      'access-control-allow-headers': 'content-type,x-hiro-product,x-hiro-version',
      vary: 'Access-Control-Request-Headers',
      'content-length': '0',
    });
    expect(preflight.headers['access-control-max-age']).toBeUndefined();
    // Strict, as @fastify/cors is by default: an OPTIONS without Origin or a requested method is no preflight.
    const bare = await httpClient(app).send({ method: 'OPTIONS', target: '/extended' });
    expect(bare.status).toBe(400);
    expect(bare.text).toBe('Invalid Preflight Request');
  });

  it('answers unknown paths with 404 and the error body', async () => {
    const res = await get('/extended/v9/nothing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('answers other methods than GET with 405 and Allow', async () => {
    for (const method of ['post', 'put', 'delete'] as const) {
      const res = await get('/extended', {}, method);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(res.body).toMatchObject({ statusCode: 405, error: 'Method Not Allowed' });
    }
  });

  it('serves the spec itself', async () => {
    const json = await get('/openapi.json');
    expect(json.body.openapi).toBe('3.1.0');
    expect(Object.keys(json.body.paths)).toEqual(Object.keys(loadSpec().paths ?? {}));
    const yaml = await get('/openapi.yaml');
    expect(yaml.headers['content-type']).toMatch(/yaml/);
    expect(yaml.text).toMatch(/^openapi: 3\.1\.0/);
  });
});
