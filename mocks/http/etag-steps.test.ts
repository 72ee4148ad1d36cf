import { describe, expect, it } from 'vitest';
import { createMockApp } from '../app.ts';
import { specCheckedClient } from '../../testing/http/spec-checked-client.ts';
import type { WorldCatalogue } from '../query/catalogue.ts';

const OK = 'public, no-cache, must-revalidate';

function mockAs(apiVersion: string) {
  const get = specCheckedClient(createMockApp({ quiet: true, rateLimit: 0, blocks: 120, apiVersion }));
  return get;
}

const v9 = mockAs('9.0.2');
const v8 = mockAs('8.11.6');
const catalogue = (await v9('/_mock/world')).body as WorldCatalogue;
const seen = catalogue.addresses.busiest;
const unseen = catalogue.addresses.unknown;

describe("caching headers as the real service's ETag step gives them", () => {
  it.each([
    '/extended/v1/address/{p}/balances',
    '/extended/v1/address/{p}/transactions_with_transfers',
    '/extended/v1/address/{p}/nonces',
    '/extended/v3/principals/{p}/balances/stx',
    '/extended/v3/principals/{p}/transactions',
    '/extended/v2/addresses/{p}/balances/ft',
  ])(
    '%s: a principal the chain never saw gets 200 with no-store and no ETag, twice (cached)',
    async (route) => {
      for (let i = 0; i < 2; i++) {
        const res = await v9(route.replace('{p}', unseen));
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers.etag).toBeUndefined();
      }
      const known = await v9(route.replace('{p}', seen));
      expect(known.headers['cache-control']).toBe(OK);
      expect(
        (await v9(route.replace('{p}', seen), { 'If-None-Match': known.headers.etag as string })).status,
      ).toBe(304);
    },
  );

  it("keeps the step's ETag on an error operation 7 raises after it (a conflict), no-store where it found none", async () => {
    const conflict = '/extended/v1/address/{p}/balances?unanchored=true&until_block=10';
    const known = await v9(conflict.replace('{p}', seen));
    expect(known.status).toBe(400);
    expect(known.body.code).toBeUndefined();
    expect(known.headers['cache-control']).toBe(OK);
    expect(known.headers.etag).toMatch(/^"[^"]+"$/);
    const never = await v9(conflict.replace('{p}', unseen));
    expect(never.status).toBe(400);
    expect(never.headers['cache-control']).toBe('no-store');
    expect(never.headers.etag).toBeUndefined();
  });

  it('sends neither Cache-Control nor X-API-Version on a request refused by schema validation', async () => {
    const res = await v9(`/extended/v1/address/${seen}/transactions_with_transfers?limit=51`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('FST_ERR_VALIDATION');
    expect(res.headers['cache-control']).toBeUndefined();
    expect(res.headers['x-api-version']).toBeUndefined();
    expect(res.headers.etag).toBeUndefined();
  });

  it("follows the release: v8.11.6 computes the v2 balances' ETag from the chain tip, unless include_mempool", async () => {
    const ft = `/extended/v2/addresses/${unseen}/balances/ft`;
    expect((await v8(ft)).headers['cache-control']).toBe(OK);
    expect((await v8(ft)).headers.etag).toMatch(/^"/);
    expect((await v9(ft)).headers['cache-control']).toBe('no-store');
    const stx = `/extended/v2/addresses/${unseen}/balances/stx`;
    expect((await v8(stx)).headers.etag).toMatch(/^"/);
    expect((await v8(`${stx}?include_mempool=true`)).headers['cache-control']).toBe('no-store');
    expect((await v9(stx)).headers.etag).toBeUndefined();
  });

  it('gives a transaction or block that is not there no ETag, a known transaction one even on a 404', async () => {
    const none = `0x${'00'.repeat(32)}`;
    const missingTx = await v9(`/extended/v1/tx/${none}`);
    expect([missingTx.status, missingTx.headers['cache-control']]).toEqual([404, 'no-store']);
    const tx = catalogue.transactions.by_type.token_transfer[0] as string;
    const notHis = await v9(`/extended/v1/address/${unseen}/${tx}/with_transfers`);
    expect(notHis.status).toBe(404);
    expect(notHis.headers['cache-control']).toBe(OK);
    expect(notHis.headers.etag).toMatch(/^"/);
  });
});
