import { afterAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from '../../spec/http/client.ts';
import type { HttpResponse } from '../../spec/http/response.ts';
import { createMockApp, type ListenerDoor } from '../app.ts';
import type { Mock } from '../mock-handle.ts';
import type { MockOptions } from '../options.ts';
import { sampleUrls } from '../sample-urls.ts';
import { listOperations, urlFor } from '../../spec/load.ts';
import { DEFAULT_RELEASE, operationsOf, RELEASES } from '../../spec/releases/releases.ts';
import { specCheckedClient } from '../../testing/http/spec-checked-client.ts';

const WARNING = '299 - "Deprecated: See https://docs.hiro.so/stacks/api for more information"';
const GONE = {
  error: 'Gone',
  message: 'This endpoint has been disabled. See https://docs.hiro.so/stacks/api for more information',
};

const clients: HttpClient[] = [];
afterAll(() => Promise.all(clients.map((c) => c.close())));

/** A mock with these options, and a GET of one of its paths. */
async function mock(options: Partial<MockOptions> = {}): Promise<{
  app: Mock<ListenerDoor>;
  urls: Record<string, string>;
  get: (path: string) => Promise<HttpResponse>;
}> {
  const app = createMockApp({ quiet: true, rateLimit: 0, ...options });
  const client = httpClient(app);
  clients.push(client);
  return { app, urls: sampleUrls(app.live.queries, urlFor), get: (path) => client.get(path) };
}

/** What a release deprecates, as the spec says (x-deprecated-since): the mock must answer so. */
function deprecatedIn(version: string): string[] {
  return operationsOf(listOperations(), version)
    .filter((op) => op.deprecated)
    .map((op) => op.operationId);
}

describe('release profiles over HTTP', () => {
  it.each(RELEASES.map((r) => r.version))(
    'as %s, every operation the release deprecates carries the real Warning, and no other',
    async (apiVersion) => {
      const { urls, get } = await mock({ apiVersion });
      const deprecated = deprecatedIn(apiVersion);
      expect(deprecated.length).toBeGreaterThan(0);
      // Every deprecated operation is among the requests sent.
      expect(Object.keys(urls)).toEqual(expect.arrayContaining(deprecated));
      for (const [id, path] of Object.entries(urls))
        expect((await get(path)).headers.warning, id).toBe(deprecated.includes(id) ? WARNING : undefined);
    },
  );

  it("exclude_function_args is v9's: it drops function_args there, and 8.11.6 ignores it", async () => {
    const v9 = await mock();
    const v8 = await mock({ apiVersion: '8.11.6' });
    const call = v9.app.live.queries.catalogue().transactions.by_type.contract_call?.[0];
    expect(call).toBeDefined();
    const path = `/extended/v1/tx/multiple?tx_id=${call}&exclude_function_args=true`;
    type Entry = { result: { contract_call: object } };
    const argsOf = (res: HttpResponse): boolean =>
      'function_args' in (res.body as Record<string, Entry>)[call as string]!.result.contract_call;
    expect(argsOf(await v9.get(path))).toBe(false);
    expect(argsOf(await v8.get(path))).toBe(true);
    expect((await v9.get(`${path.replace('true', 'yes')}`)).status).toBe(400);
    expect((await v8.get(`${path.replace('true', 'yes')}`)).status).toBe(200);
  });

  it('a pending result carries replaced_by_tx_id as 9.0.2, and not as 8.11.6', async () => {
    const v9 = await mock();
    const v8 = await mock({ apiVersion: '8.11.6' });
    const pending = v9.app.live.queries.catalogue().transactions.mempool.pending[0] as string;
    const path = `/extended/v1/tx/multiple?tx_id=${pending}`;
    type Entry = { result: Record<string, unknown> };
    const v9Result = ((await v9.get(path)).body as Record<string, Entry>)[pending]!.result;
    const v8Result = ((await v8.get(path)).body as Record<string, Entry>)[pending]!.result;
    expect(v9Result.replaced_by_tx_id).toBeNull();
    expect('replaced_by_tx_id' in v8Result).toBe(false);
    const { replaced_by_tx_id: _, ...rest } = v9Result;
    expect(rest).toEqual(v8Result);
  });
});

describe('the sunset, rehearsed', () => {
  it('--deprecated gone: every deprecated operation answers the real 410, the others still answer', async () => {
    const { urls, get } = await mock({ deprecated: 'gone' });
    const deprecated = deprecatedIn(DEFAULT_RELEASE);
    expect(Object.keys(urls)).toEqual(expect.arrayContaining(deprecated));
    for (const [id, path] of Object.entries(urls)) {
      const res = await get(path);
      if (!deprecated.includes(id)) {
        expect(res.status, id).toBe(200);
        continue;
      }
      expect(res.status, id).toBe(410);
      expect(res.text, id).toBe(JSON.stringify(GONE));
      expect(res.headers.warning, id).toBe(WARNING);
      expect(res.headers['content-type'], id).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control'], id).toBeUndefined();
    }
  });

  it('gone before validation, as the real service, which disables the route before its schema runs', async () => {
    const { urls, get } = await mock({ deprecated: 'gone' });
    const res = await get(`${urls.get_account_balance}?until_block=nonsense`);
    expect(res.status).toBe(410);
  });

  it('--deprecated gone:<operationId> takes only those; a name the release does not deprecate is refused', async () => {
    const { urls, get } = await mock({ deprecated: 'gone:get_account_balance' });
    expect((await get(urls.get_account_balance as string)).status).toBe(410);
    expect((await get(urls.get_account_transactions_with_transfers as string)).status).toBe(200);
    await expect(
      mock({ apiVersion: '8.11.6', deprecated: 'gone:get_address_transaction_events' }),
    ).rejects.toThrow('get_address_transaction_events is not deprecated in this release');
    await expect(mock({ deprecated: 'sunset' })).rejects.toThrow('--deprecated must be warn, gone or gone:');
  });

  it("--deprecation-headers: RFC 9745 Deprecation and a Link to the successor, with the request's principal", async () => {
    const { urls, get } = await mock({ deprecationHeaders: true });
    const address = (urls.get_account_balance as string).split('/')[4];
    const balances = await get(urls.get_account_balance as string);
    expect(balances.headers.deprecation).toMatch(/^@\d+$/);
    expect(balances.headers.link).toBe(
      ['stx', 'ft', 'nft']
        .map((kind) => `</extended/v3/principals/${address}/balances/${kind}>; rel="successor-version"`)
        .join(', '),
    );
    // Found by its cached answer the second time: the link is the same.
    expect((await get(urls.get_account_balance as string)).headers.link).toBe(balances.headers.link);
    const status = await get('/extended');
    expect([status.headers.deprecation, status.headers.link]).toEqual([undefined, undefined]);
  });

  it('the 410 is documented: each deprecated operation of the spec answers it as its 410 response says', async () => {
    const app = createMockApp({ quiet: true, rateLimit: 0, deprecated: 'gone' });
    const get = specCheckedClient(app);
    const urls = sampleUrls(app.live.queries, urlFor);
    const deprecated = operationsOf(listOperations(), DEFAULT_RELEASE).filter((op) => op.deprecated);
    expect(deprecated.length).toBeGreaterThan(0);
    for (const op of deprecated) {
      const example = op.responses['410']?.content?.['application/json']?.example;
      expect(example, op.operationId).toEqual(GONE);
      // specCheckedClient throws on an answer its operation does not document.
      expect((await get(urls[op.operationId] as string)).status, op.operationId).toBe(410);
    }
  });
});
